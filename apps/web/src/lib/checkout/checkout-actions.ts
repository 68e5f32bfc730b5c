import type { CheckoutSession } from '@store/contracts/checkout';
import { productPath } from '@store/contracts/constants';
import { loadCheckout } from './checkout-script';

/**
 * The shop's checkout API (DESIGN §6): each function loads the checkout script when needed, then calls its
 * builder. Results arrive through the data callback in the checkout store, never as return values.
 */

/** Loads the script (and so the catalogue and cart) without changing anything. */
export const ensureCheckoutLoaded = async (): Promise<void> => {
  await loadCheckout();
};

/** Adds a product to the cart, by product name or path (the path is the name in lower case). */
export const addProduct = async (product: string): Promise<void> => {
  (await loadCheckout()).add(productPath(product.trim()));
};

/** Removes a product from the cart. */
export const removeProduct = async (path: string): Promise<void> => {
  (await loadCheckout()).remove(path);
};

/** Pushes a session object: products with quantities, coupon, tags, `reset` first and `checkout` last. */
export const pushCheckoutSession = async (session: CheckoutSession): Promise<void> => {
  (await loadCheckout()).push(session);
};

/** Applies a coupon code as a promotion; an empty code removes it. */
export const applyPromotion = async (code: string): Promise<void> => {
  (await loadCheckout()).promo(code);
};

/** Opens the payment popup for the cart as it is. */
export const openCheckout = async (): Promise<void> => {
  (await loadCheckout()).checkout();
};

import type { CheckoutSession } from '@store/contracts/checkout';
import { TRANSFER_TAG_KEY } from '@store/contracts/constants';
import type { OfferQuote } from '@store/contracts/offer';
import { newAccountClaimTags } from './account-claim';
import { loadCheckout } from './checkout-script';

/**
 * The shop's checkout API (DESIGN §6): each function loads the checkout script when needed, then calls its
 * builder. Results arrive through the data callback in the checkout store, never as return values.
 */

/** Loads the script (and so the catalogue and cart) without changing anything. */
export const ensureCheckoutLoaded = async (): Promise<void> => {
  await loadCheckout();
};

/** Adds a product to the cart, by its name or its FastSpring path (decision 026: a page's HTML may name either). */
export const addProduct = async (product: string): Promise<void> => {
  // The lookup loads with the first click, like the checkout script: a content page's first load stays small (decision 006).
  const resolvePath = import('./product-paths').then((lookup) => lookup.resolveCheckoutPath(product));
  const [checkout, path] = await Promise.all([loadCheckout(), resolvePath]);
  checkout.add(path);
};

/** Removes a product from the cart. */
export const removeProduct = async (path: string): Promise<void> => {
  (await loadCheckout()).remove(path);
};

/**
 * Pushes a session object: products with quantities, coupon, tags, `reset` first and `checkout` last. A session that
 * opens the checkout carries this tab's new account claim too (decision 060), except a licence transfer's: its payer
 * is the signed-in owner, and its tag stays exactly the specified one.
 */
export const pushCheckoutSession = async (session: CheckoutSession): Promise<void> => {
  const checkout = await loadCheckout();
  const isClaimed = session.checkout === true && session.tags?.[TRANSFER_TAG_KEY] === undefined;
  checkout.push(isClaimed ? { ...session, tags: { ...session.tags, ...(await newAccountClaimTags()) } } : session);
};

/** Applies a coupon code as a promotion; an empty code removes it. */
export const applyPromotion = async (code: string): Promise<void> => {
  (await loadCheckout()).promo(code);
};

/** Opens the payment popup for the cart as it is, tagged with this tab's new account claim (decision 060). */
export const openCheckout = async (): Promise<void> => {
  const checkout = await loadCheckout();
  const tags = await newAccountClaimTags();
  if (Object.keys(tags).length > 0) checkout.tag(tags);
  checkout.checkout();
};

/**
 * Opens the checkout for an upgrade or crossgrade quote (decision 036): a fresh cart, so no coupon or other item
 * rides along; the server's session (encrypted when it has the key, else the plain object FastSpring accepts in
 * test mode); then the popup.
 */
export const checkoutOfferQuote = async (quote: OfferQuote): Promise<void> => {
  const checkout = await loadCheckout();
  checkout.reset();
  if (quote.secure) checkout.secure(quote.secure.securePayload, quote.secure.secureKey);
  else checkout.secure(quote.session);
  checkout.checkout();
};

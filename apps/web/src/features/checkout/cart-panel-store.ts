import { useSyncExternalStore } from 'react';
import { ensureCheckoutLoaded, openCheckout } from '../../lib/checkout/checkout-actions';
import { getCheckoutState, subscribeToCheckout } from '../../lib/checkout/checkout-store';

/**
 * Whether the cart panel is open, kept outside the cart control, which remounts when the navbar switches
 * between its narrow and wide layouts. `errorText` is why the last action on the checkout failed (a buy button,
 * the panel's remove button or its Checkout).
 * `restoresFocus` is false while the panel closes for the payment popup: the panel gives the focus back to the
 * button that opened it only when its closing transition has ended, and by then the buyer (on a slow computer)
 * may already be typing into the popup, whose field would lose the keystrokes.
 */
type CartPanelState = { isOpen: boolean; hasOpened: boolean; errorText: string; restoresFocus: boolean };

const listeners = new Set<() => void>();
let state: CartPanelState = { isOpen: false, hasOpened: false, errorText: '', restoresFocus: true };
/** The checkout error count when the panel's Checkout was pressed; null when no checkout is pending. */
let errorsAtCheckout: number | null = null;

const setState = (next: Partial<CartPanelState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getState = () => state;

/** The panel's state in a component. */
export const useCartPanel = (): CartPanelState => useSyncExternalStore(subscribe, getState, getState);

/**
 * Opens the panel with the reason an action on the checkout failed, e.g. CHECKOUT_UNAVAILABLE or a script that
 * could not load: a buy button or a remove button that did nothing would leave the visitor guessing.
 */
export const reportCheckoutFailure = (error: unknown): void => {
  setState({ isOpen: true, hasOpened: true, restoresFocus: true, errorText: error instanceof Error ? error.message : String(error) });
};

/** Opens the panel and loads the checkout (and so the cart) if it is not loaded yet. */
export function openCartPanel(): void {
  setState({ isOpen: true, hasOpened: true, restoresFocus: true, errorText: '' });
  ensureCheckoutLoaded().catch(reportCheckoutFailure);
}

export function closeCartPanel(): void {
  setState({ isOpen: false, restoresFocus: true });
}

/**
 * The panel's Checkout: closes the panel (the payment popup must get the keyboard focus) and opens the popup.
 * Should the checkout fail, the panel opens again with the reason.
 */
export function checkoutFromCartPanel(): void {
  errorsAtCheckout = getCheckoutState().error?.sequence ?? 0;
  setState({ isOpen: false, restoresFocus: false });
  openCheckout().catch(reportCheckoutFailure);
}

subscribeToCheckout(() => {
  const { error } = getCheckoutState();
  if (errorsAtCheckout === null || !error || error.sequence <= errorsAtCheckout) return;
  errorsAtCheckout = null;
  setState({ isOpen: true, hasOpened: true, restoresFocus: true, errorText: error.text });
});

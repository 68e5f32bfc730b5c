import type { CheckoutSession } from '@store/contracts/checkout';
import { LICENSE_TRANSFER_PRODUCT, POPUP_CLOSED_CALLBACK } from '@store/contracts/constants';
import { messages } from '@store/contracts/messages';
import { paths } from '../../config/paths';
import type { MessageState } from '../message-state';
import { isCheckoutRoute, navigateFromCheckout } from './checkout-navigation';
import { getCheckoutState, receiveCheckoutData, receiveCheckoutError } from './checkout-store';

type DataCallback = (data: unknown) => void;

/** The part of `window.fastspring.builder` the shop uses (docs/fastspring-protocol.md §1.3); the sandbox serves the same. */
export type CheckoutBuilder = {
  push: (session: CheckoutSession, callback?: DataCallback) => void;
  add: (path: string, callback?: DataCallback) => void;
  remove: (path: string, callback?: DataCallback) => void;
  promo: (code: string, callback?: DataCallback) => void;
  tag: (tags: Record<string, string>, callback?: DataCallback) => void;
  checkout: () => void;
  reset: () => void;
  /**
   * A session the server made (decision 036): the encrypted payload and its key, or in test mode (the sandbox) the
   * plain session object; only this way does FastSpring take an item's own price.
   */
  secure: ((securePayload: string, secureKey: string) => void) & ((session: object) => void);
};

/** FastSpring's Store Builder Library, the version its documentation shows (docs/fastspring-protocol.md §1.1). */
const STORE_BUILDER_URL = 'https://sbl.onfastspring.com/sbl/1.0.3/fastspring-builder.min.js';
/** The server's stand-in for it, used when the page names no storefront (DESIGN §6). */
const SANDBOX_BUILDER_URL = '/sandbox/sbl.js';
const DATA_CALLBACK = 'onFSCheckoutData';
const ERROR_CALLBACK = 'onFSCheckoutError';

/** The Store Builder Library's access key the server put into the page (`<meta name="checkout-access-key">`), if any. */
const readAccessKey = (): string => document.querySelector('meta[name="checkout-access-key"]')?.getAttribute('content')?.trim() ?? '';

/** The storefront the server put into the page (`<meta name="checkout-storefront">`); empty for the sandbox. */
const readStorefront = (): string => document.querySelector('meta[name="checkout-storefront"]')?.getAttribute('content')?.trim() ?? '';

const builderOf = (): CheckoutBuilder | undefined => (window as { fastspring?: { builder?: CheckoutBuilder } }).fastspring?.builder;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Set when the popup closed without an order, until the script's next answer (its refreshed session) has come. */
let isCartCheckedAfterClose = false;

/**
 * `onFSPopupClosed`: an order id (or reference) means a completed purchase, which goes to the message view (the
 * script then starts an empty cart). A popup closed without one (null) keeps the cart (decision 033). Licences come
 * only from the webhook (docs/fastspring-protocol.md §4.6).
 */
export function handlePopupClosed(orderReference: unknown): void {
  const orderId = isRecord(orderReference) && typeof orderReference.id === 'string' ? orderReference.id : '';
  const reference = isRecord(orderReference) && typeof orderReference.reference === 'string' ? orderReference.reference : '';
  if (orderId === '' && reference === '') {
    isCartCheckedAfterClose = true;
    return;
  }
  // The message view says what happened and what next from the order's id and reference (decision 037).
  const message = messages.thanksForPurchase;
  const state: MessageState = orderId === '' ? { message } : { message, next: { kind: 'purchase', orderId, reference } };
  // The thanks takes the place of a screen that started the checkout, so Back does not start it again.
  navigateFromCheckout(paths.messageView, { state, replace: isCheckoutRoute(window.location.pathname) });
}

/**
 * The data callback. After a close without an order the script refreshes the kept session; a licence transfer
 * left in it (the Transfer License page's checkout replaces the cart) is not something to buy later with a stale
 * tag, so that cart starts again empty (decision 033).
 */
function receiveData(raw: unknown): void {
  receiveCheckoutData(raw);
  if (!isCartCheckedAfterClose) return;
  isCartCheckedAfterClose = false;
  const holdsTransfer = getCheckoutState().cartItems.some((item) => item.path.toLowerCase() === LICENSE_TRANSFER_PRODUCT);
  if (holdsTransfer) builderOf()?.reset();
}

/** The script looks its callbacks up on window by name each time it calls them (docs/fastspring-protocol.md §1.1). */
const installCallbacks = () =>
  Object.assign(window, {
    [DATA_CALLBACK]: receiveData,
    [ERROR_CALLBACK]: receiveCheckoutError,
    [POPUP_CLOSED_CALLBACK]: handlePopupClosed,
  });

function createScript(): HTMLScriptElement {
  const storefront = readStorefront();
  const script = document.createElement('script');
  script.id = 'fsc-api';
  script.type = 'text/javascript';
  script.src = storefront ? STORE_BUILDER_URL : SANDBOX_BUILDER_URL;
  script.dataset.storefront = storefront;
  script.dataset.dataCallback = DATA_CALLBACK;
  script.dataset.errorCallback = ERROR_CALLBACK;
  script.dataset.popupClosed = POPUP_CLOSED_CALLBACK;
  // Continuous mode: the session (the cart) is kept in local storage across page loads, and a popup closed
  // without an order refreshes it instead of starting an empty cart (docs/fastspring-protocol.md §1.6).
  script.dataset.continuous = 'true';
  // Read once at load, like the other attributes: secure payloads need it (docs/fastspring-protocol.md §1.1).
  const accessKey = readAccessKey();
  if (accessKey) script.dataset.accessKey = accessKey;
  return script;
}

let loading: Promise<CheckoutBuilder> | null = null;

/**
 * Loads the checkout script once per page (docs/fastspring-protocol.md §4.1: never a second `script#fsc-api`, never reloaded on
 * navigation) and answers its builder. The first answer of the script fills the store through the data callback.
 * A failed load is forgotten, so the next call tries again.
 */
export function loadCheckout(): Promise<CheckoutBuilder> {
  loading ??= startLoading();
  return loading;
}

/** Continuous mode's saved session of this storefront, kept by the script (docs/fastspring-protocol.md §1.6). */
const hasSavedSession = (): boolean => {
  try {
    return window.localStorage.getItem(`fscSerial-${readStorefront()}`) !== null;
  } catch {
    return false;
  }
};

/**
 * Whether a checkout session may hold something of this browser's: the script has been started on this page, or
 * it would resume a saved session when started.
 */
export const mayHoldCheckoutSession = (): boolean => loading !== null || builderOf() !== undefined || hasSavedSession();

/** The server says so (`<meta name="checkout-unavailable">`) when neither a storefront nor the sandbox is set up. */
const isCheckoutUnavailable = () => document.querySelector('meta[name="checkout-unavailable"]') !== null;

/** Shown wherever a purchase would start when the site has no checkout configured. */
export const CHECKOUT_UNAVAILABLE = 'Checkout is not available on this site yet. Please contact the vendor.';

function startLoading(): Promise<CheckoutBuilder> {
  if (isCheckoutUnavailable()) return Promise.reject(new Error(CHECKOUT_UNAVAILABLE));
  const started = new Promise<CheckoutBuilder>((resolve, reject) => {
    installCallbacks();
    const ready = builderOf();
    if (ready) {
      resolve(ready);
      return;
    }
    const script = document.querySelector<HTMLScriptElement>('script#fsc-api') ?? createScript();
    script.addEventListener('load', () => {
      const builder = builderOf();
      if (builder) {
        resolve(builder);
        return;
      }
      script.remove();
      reject(new Error('The checkout script did not start.'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('The checkout could not be loaded.'));
    });
    if (!script.isConnected) document.head.append(script);
  });
  started.catch(() => {
    if (loading === started) loading = null;
  });
  return started;
}

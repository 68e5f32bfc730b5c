/** Business constants and limits of the specification (§9). */
export const MIN_PASSWORD_LENGTH = 4;
export const MAX_CONTENT_PATH_SEGMENTS = 3;
export const PAGE_URL_SLASH_REPLACEMENT = '*';
export const FALLBACK_PAGE_ID = 102;
export const PRICE_DECIMALS = 2;
export const MAX_DEVICES_PER_LICENSE = 4;
export const TRANSFER_MIN_DAYS = 30;
export const TRANSFER_FEE_TEXT = '10$ + VAT';
export const LOYALTY_DISCOUNT_PERCENT = 15;
export const DEVICE_ID_LENGTH = 32;
export const TABLE_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_TABLE_PAGE_SIZE = 10;
export const CHECKOUT_PUSH_INTERVAL_MS = 500;
export const CART_PANEL_MIN_WIDTH_PX = 450;
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
export const MOBILE_BREAKPOINT_PX = 992;
export const NAVBAR_MIN_WIDTH_PX = 360;
export const LOGO_WIDTH_PX = 160;
export const ADMIN_USER_NAME = 'admin';
export const OFFLINE_DEVICE_NAME = 'Offline Device';
export const OFFLINE_DEVICE_MARKER = 'Offline';
export const LICENSE_TRANSFER_PRODUCT = 'licensetransfer';
export const POPUP_CLOSED_CALLBACK = 'onFSPopupClosed';
/** The order tag key under which a licence transfer's `transferTag` is pushed (the webhook accepts any key). */
export const TRANSFER_TAG_KEY = 'licensetransfer';
/**
 * The tag under which the paying browser hands the checkout the SHA-256 (hex) of its account claim: a random value
 * that never leaves that browser's tab until it is exchanged, once, for the buyer's sign-in link (decision 060).
 */
export const ACCOUNT_CLAIM_TAG = 'accountClaim';
export const CURRENT_USER_STORAGE_KEY = 'currentUser';
/** The largest request body the API reads (apps/server/src/app.ts); a larger one is refused with 413 before any route runs. */
export const REQUEST_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** `{product}_SerialKey.txt`: the licence key file download. */
export const serialKeyFileName = (product: string): string => `${product}_SerialKey.txt`;
/** `{product}_SerialKey_OlderReleases.txt`: the 1024-bit key file of a product that also has a 2048-bit one (decision 037). */
export const olderReleaseKeyFileName = (product: string): string => `${product}_SerialKey_OlderReleases.txt`;
/** `{product}_OfflineKey.txt`: a device's machine-bound key file. */
export const offlineKeyFileName = (product: string): string => `${product}_OfflineKey.txt`;
/** `{product}.txt`: an activation-code batch. */
export const batchFileName = (product: string): string => `${product}.txt`;
/** Public page of a product: its name in lower case, spaces as dashes, since page URLs hold none (decision 036). */
export const productPageUrl = (productName: string): string => `/products/${productName.trim().toLowerCase().replace(/\s+/g, '-')}`;

/**
 * First path segments that belong to the app's own screens (and the API and assets), never to content pages: the
 * server answers them with the app, and a page may not be saved under them.
 */
export const APP_SCREEN_SEGMENTS: ReadonlySet<string> = new Set([
  'account',
  'login',
  'messageview',
  'userarea',
  'activate',
  'contactsupport',
  'support',
  'transferlicense',
  'directurlcheckout',
  'purchase',
  'sendlicensekey',
  'admin',
  'trial',
  'unsubscribe',
]);

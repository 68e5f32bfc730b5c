/**
 * The last segment of an admin editor's address while its record does not exist yet: /admin/{kind}/new, created
 * on the first save (decisions 025 and 068).
 */
export const NEW_RECORD = 'new';

/** The app's screens: route patterns for the router and builders for links (spec §2, DESIGN §9). */
export const routePatterns = {
  contentPage: '/:p1?/:p2?/:p3?',
  login: '/login',
  lostPassword: '/login/lostpassword',
  messageView: '/messageview',
  userArea: '/userarea',
  activate: '/activate',
  contactSupport: '/contactsupport',
  support: '/support',
  transferLicense: '/transferlicense/:id',
  directUrlCheckout: '/directurlcheckout/:productName?/:couponCode',
  purchase: '/purchase/:productName/:couponCode?',
  sendLicenseKey: '/sendlicensekey/:productName',
  adminResendSerial: '/admin/resendserial/:productName',
  adminPersons: '/admin/persons',
  adminPerson: '/admin/person/:id',
  adminPages: '/admin/pages',
  adminPage: '/admin/page/:id',
  adminProducts: '/admin/products',
  adminProduct: '/admin/product/:id',
  adminOrders: '/admin/orders',
  /** One order of the back office's orders list (decision 060): three segments, so ranked before content pages. */
  adminOrderDetail: '/admin/allorders/:id',
  adminMailbox: '/admin/mailbox',
  confirmAccount: '/account/confirm/:token',
  adminStaff: '/admin/staff',
  adminWebhooks: '/admin/webhooks',
  // Editors of the back office at three segments, which the content page's pattern would otherwise outrank (decision 057).
  adminOffer: '/admin/offer/:id',
  adminBundle: '/admin/bundle/:id',
  trial: '/trial/:productName?',
  unsubscribe: '/unsubscribe/:token',
} as const;

export const paths = {
  home: '/',
  login: '/login',
  lostPassword: '/login/lostpassword',
  messageView: '/messageview',
  userArea: '/userarea',
  /** Where an administrator lands after logging in (the back office's dashboard, `adminPaths.dashboard`). */
  adminDashboard: '/admin/dashboard',
  activate: '/activate',
  support: '/support',
  contactSupport: '/contactsupport',
  transferLicense: (orderId: number | string) => `/transferlicense/${orderId}`,
  purchase: (productName: string, couponCode?: string) =>
    couponCode ? `/purchase/${productName}/${couponCode}` : `/purchase/${productName}`,
  sendLicenseKey: (productName: string) => `/sendlicensekey/${productName}`,
  adminPersons: '/admin/persons',
  adminPerson: (id: number | string) => `/admin/person/${id}`,
  adminPages: '/admin/pages',
  adminPage: (id: number | string) => `/admin/page/${id}`,
  adminProducts: '/admin/products',
  adminProduct: (id: number | string) => `/admin/product/${id}`,
  adminOrders: '/admin/orders',
  adminMailbox: '/admin/mailbox',
  adminStaff: '/admin/staff',
  adminWebhooks: '/admin/webhooks',
  trial: (productName?: string) => (productName ? `/trial/${productName}` : '/trial'),
} as const;

/** Base address of the API (spec §7: "a configured API base address"); the dev server proxies it. */
export const API_BASE_URL = '/api';

/** Shown in the document title after the page name, as the server does for first paint. */
export const SITE_NAME = 'Plug-in Store';

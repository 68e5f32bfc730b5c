/** Query key factory: every TanStack Query key of the app, so invalidation names exact keys. */
export const queryKeys = {
  pages: {
    all: ['pages'] as const,
    byUrl: (url: string) => ['pages', 'byUrl', url.toLowerCase()] as const,
  },
  menu: {
    all: ['menu'] as const,
    /** Keyed by the signed-in user: the menu reloads whenever the current user changes (spec §4). */
    items: (userName: string | null) => ['menu', 'items', userName ?? ''] as const,
  },
  /** The public product list (GET /product/ without a login): the checkout's product paths, the trial page's products. */
  publicProducts: ['products', 'public'] as const,
  checkout: {
    all: ['checkout'] as const,
    /** The customer's loyalty coupon code, keyed by the signed-in user. */
    loyaltyCoupon: (userName: string | null) => ['checkout', 'loyaltyCoupon', userName ?? ''] as const,
    /** What the thank-you screen says about a purchase just paid, by the provider's order id. */
    purchase: (orderId: string) => ['checkout', 'purchase', orderId] as const,
  },
  mailbox: {
    all: ['mailbox'] as const,
    list: (to: string) => ['mailbox', 'list', to] as const,
    failed: ['mailbox', 'failed'] as const,
  },
  orders: {
    all: ['orders'] as const,
    /** The customer's order history, keyed by the signed-in user. */
    list: (userName: string) => ['orders', 'list', userName] as const,
  },
  account: {
    all: ['account'] as const,
    /** The signed-in login's own state (proof of address, two-factor login). */
    status: (userName: string) => ['account', 'status', userName] as const,
  },
  licences: {
    all: ['licences'] as const,
    /** The customer area's licences, keyed by the user the screen was entered with (no other user's cache shows). */
    userProducts: (userName: string) => ['licences', 'userProducts', userName] as const,
  },
  offers: {
    all: ['offers'] as const,
    /** The upgrades and crossgrades the signed-in customer can buy (of one target product when given). */
    customer: (userName: string, productId?: number) => ['offers', 'customer', userName, productId ?? 'all'] as const,
    /** The bundles the signed-in customer owns some of, with their price (of one bundle product when given). */
    bundles: (userName: string, productId?: number) => ['offers', 'bundles', userName, productId ?? 'all'] as const,
  },
  downloads: {
    all: ['downloads'] as const,
    /** The installers of the products the user owns, keyed like the licences. */
    owned: (userName: string) => ['downloads', 'owned', userName] as const,
    /** A product's public installers (its page's trial downloads), the same for everyone. */
    publicOf: (productName: string) => ['downloads', 'public', productName.toLowerCase()] as const,
  },
  releases: {
    /** The signed-in owner's beta channel and release mail choices. */
    preferences: (userName: string) => ['releases', 'preferences', userName] as const,
  },
  /** The admin screens' data; `search` is a list's page/sort/filter query string. */
  admin: {
    all: ['admin'] as const,
    persons: {
      all: ['admin', 'persons'] as const,
      page: (search: string) => ['admin', 'persons', 'page', search] as const,
      detail: (id: number) => ['admin', 'persons', 'detail', id] as const,
    },
    orders: {
      all: ['admin', 'orders'] as const,
      byPerson: (personId: number) => ['admin', 'orders', 'byPerson', personId] as const,
      devices: (orderId: number) => ['admin', 'orders', 'devices', orderId] as const,
      purchase: (orderId: number) => ['admin', 'orders', 'purchase', orderId] as const,
    },
    pages: {
      all: ['admin', 'pages'] as const,
      list: ['admin', 'pages', 'list'] as const,
      detail: (id: number) => ['admin', 'pages', 'detail', id] as const,
    },
    products: {
      all: ['admin', 'products'] as const,
      list: ['admin', 'products', 'list'] as const,
      detail: (id: number) => ['admin', 'products', 'detail', id] as const,
      serials: (id: number) => ['admin', 'products', 'serials', id] as const,
      trials: (id: number, page: number) => ['admin', 'products', 'trials', id, page] as const,
      downloads: (id: number) => ['admin', 'products', 'downloads', id] as const,
      releases: (id: number) => ['admin', 'products', 'releases', id] as const,
      releaseRecipients: (id: number, channel: string) => ['admin', 'products', 'releases', id, 'recipients', channel] as const,
    },
    staff: ['admin', 'staff'] as const,
    webhooks: {
      all: ['admin', 'webhooks'] as const,
      list: (status: string) => ['admin', 'webhooks', 'list', status] as const,
    },
    activationCodes: {
      all: ['admin', 'activationCodes'] as const,
      page: (search: string) => ['admin', 'activationCodes', 'page', search] as const,
    },
    dashboard: (search: string) => ['admin', 'dashboard', search] as const,
    /** One opening of the dashboard (decision 061): each asks for fresh figures; `dashboard(search)` still covers it. */
    dashboardVisit: (search: string, visit: string) => ['admin', 'dashboard', search, visit] as const,
    dashboardTrials: (search: string) => ['admin', 'dashboard', 'trials', search] as const,
    dashboardOffers: (search: string) => ['admin', 'dashboard', 'offers', search] as const,
    /** The orders list and order detail screens: a licence changed on a person's screen refreshes them. */
    allOrders: ['admin', 'allOrders'] as const,
    allOrdersPage: (search: string) => ['admin', 'allOrders', 'page', search] as const,
    orderDetail: (id: number) => ['admin', 'allOrders', 'detail', id] as const,
    transfersPage: (search: string) => ['admin', 'allOrders', 'transfers', search] as const,
    batches: ['admin', 'activationCodes', 'batches'] as const,
    batchCodes: (batch: number) => ['admin', 'activationCodes', 'batches', batch] as const,
    auditLog: (search: string) => ['admin', 'auditLog', search] as const,
    search: (text: string) => ['admin', 'search', text] as const,
    /** Whether the server lets the signed-in user open a back-office screen (decision 033). */
    screenAccess: (screen: string, userName: string) => ['admin', 'screenAccess', screen, userName] as const,
    offers: ['admin', 'offers'] as const,
    bundles: ['admin', 'bundles'] as const,
    outboundWebhooks: ['admin', 'outboundWebhooks'] as const,
    outboundWebhookDeliveries: (endpointId: number) => ['admin', 'outboundWebhooks', 'deliveries', endpointId] as const,
    apiKeys: ['admin', 'apiKeys'] as const,
    /** Under the persons' key: a saved or erased person refreshes it; it reloads each time the person's screen opens. */
    personTimeline: (personId: number, page: number) => ['admin', 'persons', 'timeline', personId, page] as const,
    /** Every person's timeline, every page: what a licence change adds to it. */
    personTimelines: ['admin', 'persons', 'timeline'] as const,
  },
};

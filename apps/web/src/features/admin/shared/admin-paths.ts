/**
 * The back office's screens (decision 024) and the editors of records not yet created (decision 025). Kept out of
 * `config/paths.ts`, which the home page loads: only admin chunks import these.
 */
export const adminPaths = {
  dashboard: '/admin/dashboard',
  allOrders: '/admin/allorders',
  /** One order (licence) with its purchase, licences, refunds, transfers and webhook events (decision 060). */
  order: (id: number | string) => `/admin/allorders/${id}`,
  batches: '/admin/batches',
  auditLog: '/admin/audit',
  /** Upgrades and crossgrades (decision 036): the list, and an offer's editor (0: a new one). */
  offers: '/admin/offers',
  offer: (id: number | string) => `/admin/offer/${id}`,
  /** Bundles (decision 057): the list, and a bundle's editor by its product's id (0: a new one). */
  bundles: '/admin/bundles',
  bundle: (id: number | string) => `/admin/bundle/${id}`,
  /** Outbound webhooks and API keys for the vendor's scripts (decision 052). */
  outboundWebhooks: '/admin/outbound-webhooks',
  apiKeys: '/admin/api-keys',
  /**
   * A product's releases and the form that publishes one (decision 058); without a product, a product select. The
   * product is a query parameter: a third path segment would make the address a content page's (`paths.contentPage`).
   */
  releases: (productId?: number) =>
    `/admin/releases${productId ? `?${new URLSearchParams({ product: String(productId) }).toString()}` : ''}`,
  /** Resend Serial, for a product and an address when given (without a product: a product select). */
  resendSerial: (productName?: string, email?: string) =>
    `/admin/resendserial${productName ? `/${encodeURIComponent(productName)}` : ''}${email ? `?${new URLSearchParams({ email }).toString()}` : ''}`,
  newPerson: '/admin/person/0',
  newProduct: '/admin/product/0',
  newPage: (url: string) => `/admin/page/new?${new URLSearchParams({ url }).toString()}`,
} as const;

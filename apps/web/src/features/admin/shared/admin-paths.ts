import { NEW_RECORD, paths } from '../../../config/paths';

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
  /** Upgrades and crossgrades (decision 036): the list, and an offer's editor. */
  offers: '/admin/offers',
  offer: (id: number | string) => `/admin/offer/${id}`,
  /** Bundles (decision 057): the list, and a bundle's editor by its product's id. */
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
  /** The editors of records not created yet, one convention for all (`NEW_RECORD`, decision 068). */
  newPerson: paths.adminPerson(NEW_RECORD),
  newProduct: paths.adminProduct(NEW_RECORD),
  newPage: (url: string) => `${paths.adminPage(NEW_RECORD)}?${new URLSearchParams({ url }).toString()}`,
  newOffer: `/admin/offer/${NEW_RECORD}`,
  newBundle: `/admin/bundle/${NEW_RECORD}`,
} as const;

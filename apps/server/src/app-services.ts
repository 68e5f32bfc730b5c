import type { FastifyInstance } from 'fastify';
import { createMailboxService, type MailboxService } from './mail/mailbox-service.js';
import { type AuthService, createAuthService } from './modules/auth/index.js';
import { createHealthService, type HealthService } from './modules/health/index.js';
import { createProductService, type ProductService } from './modules/product/index.js';
import { createCheckoutService, reconcileApiOf, type CheckoutService } from './modules/checkout/index.js';
import { createSandboxService, type SandboxService } from './sandbox/sandbox-service.js';
import { createOrderService, type OrderService } from './modules/order/index.js';
import { createPersonService, type PersonService } from './modules/person/index.js';
import { createPrivacyService, type PrivacyService } from './modules/privacy/index.js';
import { createTimelineService, type TimelineService } from './modules/timeline/index.js';
import { createUnassignedService, type UnassignedService } from './modules/unassigned/index.js';
import { createActivationService, type ActivationService } from './modules/activation/index.js';
import { createDeviceService, type DeviceService } from './modules/device/index.js';
import { createLicenceService, type LicenceService } from './modules/licence/index.js';
import { createResendService, type ResendService } from './modules/resend/index.js';
import { createSupportService, type SupportService } from './modules/support/index.js';
import { createTransferService, type TransferService } from './modules/transfer/index.js';
import { createTrialService, type TrialService } from './modules/trial/index.js';
import { createDownloadService, type DownloadService } from './modules/download/index.js';
import { createReleaseService, type ReleaseService } from './modules/release/index.js';
import { type AuditService, createAuditService } from './modules/audit/index.js';
import { createDashboardService, type DashboardService } from './modules/dashboard/index.js';
import { createSearchService, type SearchService } from './modules/search/index.js';
import { type BundleService, createBundleService } from './modules/bundle/index.js';
import { createOfferService, type OfferService } from './modules/offer/index.js';
import { createOutboundWebhookService, type OutboundWebhookService } from './modules/outbound-webhook/index.js';
import { type ApiKeyService, createApiKeyService } from './modules/api-key/index.js';

// The other modules' services on the instance, each built once with its dependencies (decisions 063 and 067); app.ts
// decorates the shared dependencies (db, config, secret box, caches, signer) before it calls decorateServices.
declare module 'fastify' {
  interface FastifyInstance {
    /** The unassigned module's: activation codes and their batches. */
    activationCodes: UnassignedService;
    /** The activation module's: a retailer's activation key redeemed. */
    activations: ActivationService;
    /** The search module's (`app.search` is Fastify's route method for SEARCH requests). */
    adminSearch: SearchService;
    apiKeys: ApiKeyService;
    audit: AuditService;
    auth: AuthService;
    bundles: BundleService;
    checkout: CheckoutService;
    dashboard: DashboardService;
    devices: DeviceService;
    downloads: DownloadService;
    health: HealthService;
    licences: LicenceService;
    /** The development mailbox's and the failed mail's (mail/). */
    mailbox: MailboxService;
    offers: OfferService;
    orders: OrderService;
    outboundWebhooks: OutboundWebhookService;
    persons: PersonService;
    privacy: PrivacyService;
    products: ProductService;
    releases: ReleaseService;
    resend: ResendService;
    /** The checkout sandbox's (decorated whether or not the sandbox is on; its routes refuse when off). */
    sandbox: SandboxService;
    support: SupportService;
    timeline: TimelineService;
    transfers: TransferService;
    trials: TrialService;
  }
}

/**
 * Each module's service, built once with what it depends on (decisions 063 and 067): a route calls
 * `app.<module>.<call>(…)` with the request's values only.
 */
export function decorateServices(app: FastifyInstance): void {
  const { db, config, secretBox, productCache, keyFileSigner } = app;
  app.decorate('activationCodes', createUnassignedService({ db }));
  app.decorate('activations', createActivationService({ db, config, secretBox }));
  app.decorate('adminSearch', createSearchService({ db }));
  app.decorate('apiKeys', createApiKeyService({ db }));
  app.decorate('audit', createAuditService({ db }));
  app.decorate('auth', createAuthService({ db, secretBox, config }));
  app.decorate('bundles', createBundleService({ db, productCache }));
  const reconcileApi = () => reconcileApiOf(app);
  app.decorate('checkout', createCheckoutService({ db, secretBox, config, signer: keyFileSigner, log: app.log, reconcileApi }));
  app.decorate('dashboard', createDashboardService({ db }));
  app.decorate('devices', createDeviceService({ db, products: productCache, secretBox, signer: keyFileSigner, config }));
  app.decorate('downloads', createDownloadService({ db, config, products: productCache }));
  app.decorate('health', createHealthService({ db }));
  app.decorate('licences', createLicenceService({ db }));
  app.decorate('mailbox', createMailboxService({ db, config }));
  app.decorate('offers', createOfferService({ db, config }));
  app.decorate('orders', createOrderService({ db, secretBox, config }));
  app.decorate('outboundWebhooks', createOutboundWebhookService({ db, secretBox }));
  app.decorate('persons', createPersonService({ db }));
  app.decorate('privacy', createPrivacyService({ db, secretBox }));
  app.decorate('products', createProductService({ db, secretBox, productCache }));
  app.decorate('releases', createReleaseService({ db, config, products: productCache }));
  app.decorate('resend', createResendService({ db, config }));
  app.decorate('sandbox', createSandboxService({ db, config }));
  app.decorate('support', createSupportService({ db, config }));
  app.decorate('timeline', createTimelineService({ db }));
  app.decorate('transfers', createTransferService({ db, config, secretBox }));
  app.decorate('trials', createTrialService({ db, products: productCache, secretBox, signer: keyFileSigner }));
}

import http from 'node:http';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { watchDatabase } from './db/database-status.js';
import { listenForTableChanges, type TableChanges } from './db/table-changes.js';
import { badRequest } from './lib/app-error.js';
import { createSecretBox, type SecretBox } from './lib/secret-box.js';
import { createSigningPool, signOnThisThread, type KeyFileSigner } from './licensing/signing-pool.js';
import { mailboxRoutes } from './mail/mailbox.routes.js';
import { createMailboxService, type MailboxService } from './mail/mailbox-service.js';
import { accountRoutes, authRoutes, type AuthService, createAuthService, screenAccessRoutes, staffRoutes } from './modules/auth/index.js';
import { createHealthService, healthRoutes, type HealthService } from './modules/health/index.js';
import { createPageCache, createPageService, type PageCache, type PageService, pageRoutes } from './modules/page/index.js';
import {
  createProductCache,
  createProductService,
  type ProductCache,
  productRoutes,
  type ProductService,
} from './modules/product/index.js';
import {
  catalogRoutes,
  checkoutRoutes,
  createCheckoutService,
  customerOrderRoutes,
  orderDetailRoutes,
  reconcileApiOf,
  webhookAdminRoutes,
  type CheckoutService,
} from './modules/checkout/index.js';
import { createSandboxService, type SandboxService } from './sandbox/sandbox-service.js';
import { sandboxRoutes } from './sandbox/sandbox.routes.js';
import { createOrderService, orderListRoutes, orderRoutes, type OrderService, replaceKeysRoutes } from './modules/order/index.js';
import { createPersonService, personRoutes, type PersonService } from './modules/person/index.js';
import { createPrivacyService, privacyRoutes, type PrivacyService } from './modules/privacy/index.js';
import { createTimelineService, timelineRoutes, type TimelineService } from './modules/timeline/index.js';
import { batchRoutes, createUnassignedService, unassignedRoutes, type UnassignedService } from './modules/unassigned/index.js';
import { activationRoutes, createActivationService, type ActivationService } from './modules/activation/index.js';
import { createDeviceService, deviceRoutes, type DeviceService } from './modules/device/index.js';
import { createLicenceService, licenceRoutes, type LicenceService } from './modules/licence/index.js';
import { createResendService, type ResendService, resendRoutes } from './modules/resend/index.js';
import { createSupportService, type SupportService, supportRoutes } from './modules/support/index.js';
import { createTransferService, transferRoutes, type TransferService } from './modules/transfer/index.js';
import { createTrialService, trialRoutes, type TrialService } from './modules/trial/index.js';
import { createDownloadService, downloadRoutes, type DownloadService } from './modules/download/index.js';
import { createReleaseService, releaseMailRoutes, releaseRoutes, type ReleaseService } from './modules/release/index.js';
import { auditRoutes, type AuditService, createAuditService } from './modules/audit/index.js';
import { createDashboardService, dashboardRoutes, type DashboardService } from './modules/dashboard/index.js';
import { createSearchService, type SearchService, searchRoutes } from './modules/search/index.js';
import { bundleRoutes, type BundleService, createBundleService } from './modules/bundle/index.js';
import { createOfferService, offerRoutes, type OfferService } from './modules/offer/index.js';
import { createOutboundWebhookService, outboundWebhookRoutes, type OutboundWebhookService } from './modules/outbound-webhook/index.js';
import { apiKeyRoutes, type ApiKeyService, createApiKeyService, scriptApiRoutes } from './modules/api-key/index.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerWebApp } from './plugins/web-app.js';
import { activeTracing } from './tracing/tracing-hooks.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Seals and opens private keys at rest. */
    secretBox: SecretBox;
    /** Every route with the names of its pre-handlers, for tests that check each audience's guard. */
    routeTable: { method: string; url: string; guards: string[] }[];
    /** The public pages and the menu, cached until the page table changes. */
    pageCache: PageCache;
    /** The page module's service, built once with its dependencies (decision 063). */
    pages: PageService;
    /** The other modules' services, each built once with its dependencies (decision 067). */
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
    /** The products by name, for the plug-in endpoints; cached until the product table changes. */
    productCache: ProductCache;
    /** The notifications the caches forget on; while they are not heard, the caches read the database. */
    tableChanges: TableChanges;
    keyFileSigner: KeyFileSigner;
  }
}

export type BuildOptions = {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests). */
  isServingWebApp?: boolean;
};

/**
 * The product's log: pino's JSON lines at `level`, one per request (plus what the code logs). A request is logged
 * as its method, path, host and client address, an answer as its status: never headers or bodies, so no token,
 * cookie or password reaches the log (serializers that leave them out cost nothing; pino's redaction of paths
 * cost a fifth of a content page's time). A request's lines carry Fastify's `reqId` (X-Request-Id when the caller
 * sends one); with tracing on, every line written inside a span carries its `trace_id` and `span_id` too.
 * `stream`: where the lines go (standard output when left out).
 */
export const productLogger = (level: Config['LOG_LEVEL'], stream?: { write: (line: string) => void }) => ({
  level,
  ...traceFieldsOfLines(),
  serializers: {
    // Fastify hands its own request and reply to these (its types name the raw ones).
    req: (request: { method?: string; url?: string; host?: string; ip?: string }) => ({
      method: request.method,
      url: request.url,
      host: request.host,
      remoteAddress: request.ip,
    }),
    res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  },
  ...(stream ? { stream } : {}),
});

/** Pino's mixin that adds the active span's ids to each line, when tracing runs (none otherwise: no cost). */
function traceFieldsOfLines(): { mixin?: () => object } {
  const tracing = activeTracing();
  if (!tracing) return {};
  return { mixin: () => tracing.logFields() ?? {} };
}

/** One log line per request, when it is answered, naming the request too (Fastify writes one when it comes, too). */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Fastify's own default: longer than the idle timeouts of common load balancers (60 s). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Builds the whole application without listening: what main.ts starts and what tests inject into. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    // Plain HTTP/1.1 (TLS ends at the proxy). Node's own request and header timeouts apply, which are stricter
    // than Fastify's defaults (none). Every request goes through Fastify: its hooks, limits and log line.
    serverFactory: (handler) => {
      const server = http.createServer(handler);
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
    logger: options.logger ?? false,
    logController: new OneLinePerRequest(),
    bodyLimit: 2 * 1024 * 1024,
    // A hop count as the function Fastify makes of one (its types leave numbers out): trust the first n hops.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
    // What Fastify refuses before routing (a path that is not valid percent-encoding) answers plain text too.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .type('text/plain; charset=utf-8')
        .send(error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Bad request');
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  if (!config.KEY_ENCRYPTION_SECRET) throw new Error('KEY_ENCRYPTION_SECRET is missing');
  app.decorate('secretBox', createSecretBox(config.KEY_ENCRYPTION_SECRET));
  app.decorate('routeTable', []);
  watchDatabase(db, app.log);
  app.decorate('tableChanges', await listenForTableChanges(db, app.log));
  app.addHook('onClose', () => app.tableChanges.close());
  app.decorate('pageCache', createPageCache(db, app.tableChanges));
  app.decorate('pages', createPageService({ db, pageCache: app.pageCache }));
  app.decorate('productCache', createProductCache(app.tableChanges));
  app.decorate('keyFileSigner', config.signingThreads > 0 ? createSigningPool(config.signingThreads) : signOnThisThread);
  app.addHook('onClose', () => app.keyFileSigner.close());
  decorateServices(app);
  app.addHook('onRoute', (route) => {
    const handlers = [route.onRequest ?? []].flat();
    for (const method of [route.method].flat()) {
      app.routeTable.push({ method, url: route.url, guards: handlers.map((handler) => handler.name) });
    }
  });

  registerErrorHandler(app);
  // A NUL character (%00) is never part of a valid address here, and PostgreSQL cannot store it: 400, before
  // any route, cache or query sees it.
  // A callback hook, as every request pays for it: no promise to make and wait for.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.includes('\u0000') || request.url.includes('%00') ? badRequest('Malformed URL') : undefined);
  });
  acceptEmptyJsonBodies(app);
  registerSecurityHeaders(app);
  await registerMetrics(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Plug-in store API', version: '1.0.0', description: 'Shop, customer area, admin and licence server.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // The vendor's scripts: an API key (`psk_…`) as the bearer token of the /api/v1 calls (decision 052).
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'psk_…',
            description: 'An API key created on the admin API keys screen.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      // With tracing on, a span per API and plug-in request (decision 038); the pages outside this scope are not traced.
      const tracing = activeTracing();
      if (tracing) await api.register(tracing.fastifyPlugin);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(staffRoutes);
      await api.register(screenAccessRoutes);
      await api.register(pageRoutes);
      await api.register(mailboxRoutes);
      await api.register(licenceRoutes);
      await api.register(deviceRoutes);
      await api.register(transferRoutes);
      await api.register(activationRoutes);
      await api.register(supportRoutes);
      await api.register(resendRoutes);
      await api.register(personRoutes);
      await api.register(timelineRoutes);
      await api.register(orderRoutes);
      await api.register(productRoutes);
      await api.register(unassignedRoutes);
      await api.register(checkoutRoutes);
      await api.register(webhookAdminRoutes);
      await api.register(customerOrderRoutes);
      await api.register(orderDetailRoutes);
      await api.register(catalogRoutes);
      await api.register(trialRoutes);
      await api.register(downloadRoutes);
      await api.register(releaseRoutes);
      await api.register(releaseMailRoutes);
      await api.register(replaceKeysRoutes);
      await api.register(dashboardRoutes);
      await api.register(orderListRoutes);
      await api.register(searchRoutes);
      await api.register(batchRoutes);
      await api.register(offerRoutes);
      await api.register(bundleRoutes);
      await api.register(auditRoutes);
      await api.register(outboundWebhookRoutes);
      await api.register(apiKeyRoutes);
      await api.register(scriptApiRoutes, { prefix: '/v1' });
      await api.register(privacyRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(sandboxRoutes);
  if (options.isServingWebApp !== false) await registerWebApp(app);
  return app;
}

/**
 * Each module's service, built once with what it depends on (decisions 063 and 067): a route calls
 * `app.<module>.<call>(…)` with the request's values only.
 */
function decorateServices(app: FastifyInstance): void {
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

const trustHops = (count: number) => (_address: string, hop: number) => hop < count;

/**
 * A POST without a body but with `content-type: application/json` (what many HTTP clients send for calls such as
 * logout) counts as no body rather than a 400; any other body goes through Fastify's own JSON parser, with its
 * prototype-poisoning protection. A text holding a NUL character (`\u0000`), which PostgreSQL cannot store, is
 * refused here with 400, before any handler counts, signs or queries anything with it.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    void parseJson(request, text, (error, value) => {
      if (!error && text.includes('\\u0000') && holdsNul(value))
        return done(badRequest('Texts must not contain NUL characters.'), undefined);
      done(error, value);
    });
  });
}

const holdsNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\0') : typeof value === 'object' && value !== null && Object.values(value).some(holdsNul);

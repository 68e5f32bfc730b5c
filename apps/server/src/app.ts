import http from 'node:http';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { REQUEST_BODY_LIMIT_BYTES } from '@store/contracts/constants';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { watchDatabase } from './db/database-status.js';
import { listenForTableChanges, type TableChanges } from './db/table-changes.js';
import { badRequest } from './lib/app-error.js';
import { redactUrl } from './lib/redact-url.js';
import { createSecretBox, type SecretBox } from './lib/secret-box.js';
import { createSigningPool, signOnThisThread, type KeyFileSigner } from './licensing/signing-pool.js';
import { mailboxRoutes } from './mail/mailbox.routes.js';

import { accountRoutes, authRoutes, screenAccessRoutes, staffRoutes } from './modules/auth/index.js';
import { healthRoutes } from './modules/health/index.js';
import { createPageCache, createPageService, type PageCache, type PageService, pageRoutes } from './modules/page/index.js';
import { createProductCache, type ProductCache, productRoutes } from './modules/product/index.js';
import { catalogRoutes, checkoutRoutes, customerOrderRoutes, orderDetailRoutes, webhookAdminRoutes } from './modules/checkout/index.js';

import { sandboxRoutes } from './sandbox/sandbox.routes.js';
import { orderListRoutes, orderRoutes, replaceKeysRoutes } from './modules/order/index.js';
import { personRoutes } from './modules/person/index.js';
import { privacyRoutes } from './modules/privacy/index.js';
import { timelineRoutes } from './modules/timeline/index.js';
import { batchRoutes, unassignedRoutes } from './modules/unassigned/index.js';
import { activationRoutes } from './modules/activation/index.js';
import { deviceRoutes } from './modules/device/index.js';
import { licenceRoutes } from './modules/licence/index.js';
import { resendRoutes } from './modules/resend/index.js';
import { supportRoutes } from './modules/support/index.js';
import { transferRoutes } from './modules/transfer/index.js';
import { trialRoutes } from './modules/trial/index.js';
import { downloadRoutes } from './modules/download/index.js';
import { releaseMailRoutes, releaseRoutes } from './modules/release/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { searchRoutes } from './modules/search/index.js';
import { bundleRoutes } from './modules/bundle/index.js';
import { offerRoutes } from './modules/offer/index.js';
import { outboundWebhookRoutes } from './modules/outbound-webhook/index.js';
import { apiKeyRoutes, scriptApiRoutes } from './modules/api-key/index.js';
import { decorateServices } from './app-services.js';
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
    // The other modules' services are declared and built in app-services.ts.
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
 * cost a fifth of a content page's time). The path and query are logged without the secrets some carry (a mailed
 * link's token: `/account/confirm/:token`; `redactUrl`). A request's lines carry Fastify's `reqId` (X-Request-Id
 * when the caller sends one); with tracing on, every line written inside a span carries its `trace_id` and
 * `span_id` too.
 * `stream`: where the lines go (standard output when left out).
 */
export const productLogger = (level: Config['LOG_LEVEL'], stream?: { write: (line: string) => void }) => ({
  level,
  ...traceFieldsOfLines(),
  serializers: {
    // Fastify hands its own request and reply to these (its types name the raw ones).
    req: (request: { method?: string; url?: string; host?: string; ip?: string }) => ({
      method: request.method,
      url: request.url === undefined ? undefined : redactUrl(request.url),
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
    // Shared with the contracts, whose larger fields (the serial list) are limited to fit it.
    bodyLimit: REQUEST_BODY_LIMIT_BYTES,
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

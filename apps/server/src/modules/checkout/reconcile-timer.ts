import type { FastifyInstance } from 'fastify';
import { isSandboxCheckout } from '../../config.js';
import { selfBaseUrl } from '../../sandbox/self-webhook.js';
import { fastSpringApiOf, type FastSpringApi } from './fastspring-api.js';
import { reconcileOrders } from './reconcile.service.js';

/** The API the reconciliation job asks: the sandbox's copy on this server's own address, or FastSpring's. */
export function reconcileApiOf(app: FastifyInstance): FastSpringApi | undefined {
  return fastSpringApiOf(app.config, isSandboxCheckout(app.config) ? selfBaseUrl(app.server) : undefined);
}

/**
 * Runs the reconciliation job every RECONCILE_INTERVAL_MINUTES over the last RECONCILE_DAYS (off with 0, or
 * without an API user and sandbox). A stand-in until the job queue schedules `reconcileOrders`.
 */
export function registerReconcileTimer(app: FastifyInstance): void {
  const minutes = app.config.RECONCILE_INTERVAL_MINUTES;
  const hasApi = isSandboxCheckout(app.config) || (app.config.FASTSPRING_API_USER && app.config.FASTSPRING_API_PASSWORD);
  if (minutes === 0 || !hasApi) return;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    const api = app.server.listening ? reconcileApiOf(app) : undefined;
    if (!api) return;
    const to = new Date();
    const from = new Date(to.getTime() - app.config.RECONCILE_DAYS * 86_400_000);
    await reconcileOrders({ db: app.db, api, from, to, secretBox: app.secretBox, config: app.config, log: app.log });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(
      () => void run().catch((error: unknown) => app.log.error({ err: error }, 'reconciliation failed')),
      minutes * 60_000,
    );
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

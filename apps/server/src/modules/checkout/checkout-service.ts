import type { WebhookEventListQuery } from '@store/contracts/webhook';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { replayWebhookEventFlow, resolveWebhookEventFlow } from '../../flows/webhook-event.flow.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { bindDependencies } from '../../lib/service-object.js';
import type { KeyFileSigner } from '../../licensing/signing-pool.js';
import { getPurchaseOfLicence, getPurchaseStatus, listCustomerOrders } from './customer-orders.service.js';
import type { FastSpringApi } from './fastspring-api.js';
import { getLoyaltyCoupon } from './loyalty.service.js';
import { getOrderDetail, listTransfers } from './order-detail.service.js';
import { claimPurchaseAccount } from './purchase-account.service.js';
import { getWebhookEvent, listWebhookEvents, reconcileDays } from './webhook-admin.service.js';
import type { WebhookEvent } from './webhook-payload.js';
import { receiveWebhookEvents, type ReplayOptions } from './webhook.service.js';

/**
 * The checkout module's service, built once by `buildApp` with its database, secret box, settings, signer and log
 * (decision 067): the provider's webhook intake, the customer's loyalty coupon, purchases and account claim, the
 * staff's order detail and transfers, and the administrator's webhook log, replay, settling and reconciliation.
 * `reconcileApi` answers the FastSpring API the reconciliation asks (the sandbox's is this server, known once it
 * listens). The intake is a hot path: its call names the intake's context as the route did, with no spread per
 * request. The replay and the reconciliation run with the app's log and without the signer, as the routes ran them.
 */
export function createCheckoutService(deps: {
  db: Db;
  secretBox: SecretBox;
  config: Config;
  signer: KeyFileSigner;
  log: FastifyBaseLogger;
  reconcileApi: () => FastSpringApi | undefined;
}) {
  const { db, secretBox, config, signer, log } = deps;
  return {
    ...bindDependencies(
      { db, config },
      {
        getLoyaltyCoupon,
        listCustomerOrders,
        getPurchaseStatus,
        claimPurchaseAccount,
        getPurchaseOfLicence,
        getOrderDetail,
        listTransfers,
      },
    ),
    ...bindDependencies({ db }, { getWebhookEvent, resolveWebhookEvent: resolveWebhookEventFlow }),
    /** The provider's events, each in its own transaction (webhook.service.ts); `log` is the request's. */
    receiveWebhookEvents: (options: { log: FastifyBaseLogger; events: WebhookEvent[] }) =>
      receiveWebhookEvents({ db, secretBox, config, log: options.log, signer }, options.events),
    listWebhookEvents: (query: WebhookEventListQuery) => listWebhookEvents(db, query),
    replayWebhookEvent: (options: { id: string; actor: string; replay: ReplayOptions }) =>
      replayWebhookEventFlow({ db, secretBox, config, log }, options),
    reconcileDays: (options: { actor: string; from: string; to: string }) =>
      reconcileDays({ db, secretBox, config, log, api: deps.reconcileApi(), ...options }),
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;

import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { bindDependencies } from '../lib/service-object.js';
import { lookUpSandboxOrders, lookUpSandboxReturns } from './sandbox-provider-api.service.js';
import {
  backdateLicence,
  describeSandboxCheckout,
  finalizeSandboxCheckout,
  openSecurePayload,
  paySandboxCheckout,
  priceSandboxSession,
  replaySandboxEvent,
} from './sandbox.service.js';

/**
 * The checkout sandbox's service, built once by `buildApp` with its database and settings (decision 067): the
 * session API, the popup's payment, the administrator's replay and backdating switches, and the stand-in for the
 * provider's order API. A call that posts to this server is handed the running HTTP server by its route.
 */
export const createSandboxService = (deps: { db: Db; config: Config }) =>
  bindDependencies(deps, {
    priceSandboxSession,
    openSecurePayload,
    finalizeSandboxCheckout,
    describeSandboxCheckout,
    paySandboxCheckout,
    replaySandboxEvent,
    backdateLicence,
    lookUpSandboxOrders,
    lookUpSandboxReturns,
  });
export type SandboxService = ReturnType<typeof createSandboxService>;

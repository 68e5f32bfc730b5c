import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { redeemActivationFlow } from '../../flows/redeem-activation.flow.js';
import type { RateLimitRule } from '../../lib/rate-limit.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { bindDependencies } from '../../lib/service-object.js';

/** The rules of redeeming a retailer's activation key (flows/redeem-activation.flow.ts). */
export const activationPerIp: RateLimitRule = { name: 'activation-ip', limit: 20, windowSeconds: 15 * 60 };

export const invalidActivationKeyMessage = 'This activation key is not valid or has already been used.';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text has an activation key's shape (a UUID): anything else is refused before the database is asked. */
export const isActivationKeyShaped = (text: string): boolean => UUID_PATTERN.test(text);

/** Marks an unused key as redeemed, and ties it to the licence it became (the flow's transaction). */
export { redeemActivationKey, setRedeemedOrder } from './activation.repository.js';

/**
 * The activation module's service, built once by `buildApp` with its database, settings and secret box (decision
 * 067): a retailer's activation key redeemed. The work is the flow's; this is the route's entrance to it.
 */
export const createActivationService = (deps: { db: Db; config: Config; secretBox: SecretBox }) =>
  bindDependencies(deps, { redeem: redeemActivationFlow });
export type ActivationService = ReturnType<typeof createActivationService>;

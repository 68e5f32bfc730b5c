import type { RateLimitRule } from '../../lib/rate-limit.js';

/** The rules of redeeming a retailer's activation key (flows/redeem-activation.flow.ts). */
export const activationPerIp: RateLimitRule = { name: 'activation-ip', limit: 20, windowSeconds: 15 * 60 };

export const invalidActivationKeyMessage = 'This activation key is not valid or has already been used.';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text has an activation key's shape (a UUID): anything else is refused before the database is asked. */
export const isActivationKeyShaped = (text: string): boolean => UUID_PATTERN.test(text);

/** Marks an unused key as redeemed, and ties it to the licence it became (the flow's transaction). */
export { redeemActivationKey, setRedeemedOrder } from './activation.repository.js';

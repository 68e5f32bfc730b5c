import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { apiUserOf } from './fastspring-api.js';

/**
 * Adds a code to the vendor's loyalty coupon through FastSpring's API (`POST /coupons/{coupon_id}` with
 * `{"codes": [...]}`: "Create coupon codes"; the coupon, its 15 % discount and one use per code are set up by the
 * vendor in FastSpring, see docs/SECURITY.md). The API user needs the coupons permission.
 */
export async function addLoyaltyCode(config: Config, code: string): Promise<void> {
  const apiUser = apiUserOf(config);
  if (!apiUser) throw new AppError('unavailable', 'The FastSpring API is not configured.');
  const { user, password } = apiUser;
  const url = `${config.FASTSPRING_API_URL.replace(/\/$/, '')}/coupons/${encodeURIComponent(config.LOYALTY_COUPON)}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ codes: [code] }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
  if (!response?.ok) {
    throw new AppError('unavailable', 'The loyalty discount cannot be prepared right now. Please try again later.');
  }
}

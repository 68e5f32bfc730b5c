import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { deriveKey } from '../lib/derived-key.js';
import { sandboxCart } from './sandbox-cart.js';

const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const checkoutSession = z.object({
  orderId: z.string(),
  cart: sandboxCart,
  origin: z.string().max(2000).optional(),
  createdAt: z.number(),
});
export type CheckoutSession = z.infer<typeof checkoutSession>;

const mac = (secret: string, body: string) =>
  createHmac('sha256', deriveKey(secret, 'sandbox-checkout-session')).update(body).digest('base64url');

/**
 * A checkout session the popup carries in its URL: the cart and the order id chosen at checkout, signed with a
 * key derived from KEY_ENCRYPTION_SECRET. Nothing is kept in a process, so any process can serve the popup.
 */
export function createSessionToken(secret: string, session: CheckoutSession): string {
  const body = Buffer.from(JSON.stringify(session)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** Reads a session token; refuses a forged, broken or day-old one. */
export function readSessionToken(secret: string, token: string): CheckoutSession {
  const [body, signature] = token.split('.');
  const expected = body ? Buffer.from(mac(secret, body)) : Buffer.alloc(0);
  const given = Buffer.from(signature ?? '');
  if (!body || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('badRequest', 'This checkout session is not valid. Please start the checkout again.');
  }
  const parsed = checkoutSession.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  if (!parsed.success || Date.now() - parsed.data.createdAt > MAX_AGE_MS) {
    throw new AppError('badRequest', 'This checkout session has expired. Please start the checkout again.');
  }
  return parsed.data;
}

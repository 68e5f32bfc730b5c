import { createHmac, timingSafeEqual } from 'node:crypto';
import { isSandboxCheckout, type Config } from '../../config.js';
import { deriveKey } from '../../lib/derived-key.js';

/** `X-FS-Signature`: base64 HMAC-SHA256 of the exact body bytes (docs/fastspring-protocol.md §2.4). */
export function signWebhookBody(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** Whether `signature` is the body's signature under `secret`; compared in constant time. */
export function isValidWebhookSignature(secret: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signWebhookBody(secret, body), 'utf8');
  const given = Buffer.from(signature.trim(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The secret webhooks are signed with: FASTSPRING_WEBHOOK_SECRET when set. In the sandbox without one, a default
 * derived from KEY_ENCRYPTION_SECRET (deriveKey, purpose `sandbox-webhook-secret`), so the stand-in still signs and
 * the webhook route still verifies, and every process of one installation derives the same value. Without the
 * sandbox and a secret there is none: webhooks are refused (a real storefront without a secret does not start).
 */
export function webhookSecretOf(config: Config): string | undefined {
  if (config.FASTSPRING_WEBHOOK_SECRET) return config.FASTSPRING_WEBHOOK_SECRET;
  if (!isSandboxCheckout(config) || !config.KEY_ENCRYPTION_SECRET) return undefined;
  return deriveKey(config.KEY_ENCRYPTION_SECRET, 'sandbox-webhook-secret').toString('base64url');
}

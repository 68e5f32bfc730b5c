import { createHmac, randomBytes } from 'node:crypto';

// The signing scheme of the Standard Webhooks specification (docs/outbound-webhooks.md): the secret is
// `whsec_` and base64 of random bytes; the signature is base64 of HMAC-SHA256, keyed with the decoded secret, of
// `<message id>.<timestamp in seconds>.<body>`, sent as `v1,<signature>`, several separated by spaces.

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes (the specification asks for 24 to 64). */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

const secretBytes = (secret: string): Buffer =>
  Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');

/** The `webhook-signature` header's value: one `v1,` signature per secret (two while a rotated-out secret still signs). */
export function signWebhook(options: { secrets: string[]; messageId: string; timestamp: number; body: string }): string {
  const signed = `${options.messageId}.${options.timestamp}.${options.body}`;
  return options.secrets.map((secret) => `v1,${createHmac('sha256', secretBytes(secret)).update(signed).digest('base64')}`).join(' ');
}

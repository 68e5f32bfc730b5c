import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { deriveKey } from '../../lib/derived-key.js';
import { signWebhookBody, webhookSecretOf } from './webhook-signature.js';

describe('webhook secret', () => {
  it("in the sandbox without a configured secret, is the deployment secret's key for it, derived the one way (deriveKey)", () => {
    const config = loadConfig({ KEY_ENCRYPTION_SECRET: 'deployment-secret', SANDBOX_CHECKOUT: 'force' });
    expect(webhookSecretOf(config)).toBe(deriveKey('deployment-secret', 'sandbox-webhook-secret').toString('base64url'));
  });

  it("is FastSpring's shared secret when configured, and a signature is FastSpring's: HMAC-SHA256 of the body under it", () => {
    const config = loadConfig({ KEY_ENCRYPTION_SECRET: 'deployment-secret', FASTSPRING_WEBHOOK_SECRET: 'shared-secret' });
    expect(webhookSecretOf(config)).toBe('shared-secret');
    expect(signWebhookBody('shared-secret', '{"events":[]}')).toBe(
      createHmac('sha256', 'shared-secret').update('{"events":[]}').digest('base64'),
    );
  });
});

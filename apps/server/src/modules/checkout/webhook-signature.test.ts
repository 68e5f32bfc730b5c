import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { isValidWebhookSignature, signWebhookBody, webhookSecretOf } from './webhook-signature.js';

// Expected values worked out once with openssl, not with the code under test:
//   printf 'sandbox-webhook-secret:deployment-secret' | openssl dgst -sha256 -binary | base64 (URL-safe, unpadded)
//   printf '{"events":[]}' | openssl dgst -sha256 -hmac shared-secret -binary | base64
describe('webhook secret', () => {
  it("in the sandbox without a configured secret, is the deployment secret's key for it, derived the one way (deriveKey)", () => {
    const config = loadConfig({ KEY_ENCRYPTION_SECRET: 'deployment-secret', SANDBOX_CHECKOUT: 'force' });
    expect(webhookSecretOf(config)).toBe('UZ0pggyxKMkQaopvM-kUhSgFmgLnRvUQ9Q6I6kGDlkQ');
  });

  it("is FastSpring's shared secret when configured, and a signature is FastSpring's: HMAC-SHA256 of the body under it", () => {
    const config = loadConfig({ KEY_ENCRYPTION_SECRET: 'deployment-secret', FASTSPRING_WEBHOOK_SECRET: 'shared-secret' });
    expect(webhookSecretOf(config)).toBe('shared-secret');
    const signature = 'rO2EF/Z+EhQKS9H+unouVfaZH8F7GyMz21cNf7Gd0PI=';
    expect(signWebhookBody('shared-secret', '{"events":[]}')).toBe(signature);
    expect(isValidWebhookSignature('shared-secret', Buffer.from('{"events":[]}'), signature)).toBe(true);
    expect(isValidWebhookSignature('shared-secret', Buffer.from('{"events":[{}]}'), signature)).toBe(false);
  });
});

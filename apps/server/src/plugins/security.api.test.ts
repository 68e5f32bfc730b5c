import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

const t = await createTestApp();

describe('security headers', () => {
  it('sends the content security policy with the checkout origins, and the other headers, on every answer', async () => {
    for (const response of [
      await t.request({ method: 'GET', url: '/api/health' }),
      await t.request({ method: 'GET', url: '/api/page/byUrl/*no-such-page' }),
      await t.request({ method: 'GET', url: '/api/person/' }),
    ]) {
      const csp = response.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://*.onfastspring.com https://*.fastspring.com");
      expect(csp).toContain("frame-src 'self' https://*.onfastspring.com https://*.fastspring.com");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUnsubscribeToken } from '../modules/release/unsubscribe-token.js';
import { redactUrl } from './redact-url.js';

// An account link's token as account-link.repository.ts makes it, and a release mail's unsubscribe token.
const token = randomBytes(32).toString('base64url');
const unsubscribe = createUnsubscribeToken('a-key-encryption-secret', 4711);

describe('redactUrl', () => {
  it("leaves the secret of every mailed link's path out, and the rest of the path in", () => {
    // Confirmation, purchase, activation, transfer and staff-invitation links (account-link.service.ts, staff.service.ts).
    expect(redactUrl(`/account/confirm/${token}`)).toBe('/account/confirm/:token');
    // A release mail's unsubscribe page and its one-click address (release-mail.service.ts).
    expect(redactUrl(`/unsubscribe/${unsubscribe}`)).toBe('/unsubscribe/:token');
    expect(redactUrl(`/api/release-mail/unsubscribe?token=${unsubscribe}`)).toBe('/api/release-mail/unsubscribe?token=:token');
    // The mails' other links hold no secret and stay as they are.
    for (const url of ['/login', '/userarea', '/support', '/']) expect(redactUrl(url)).toBe(url);
  });

  it('finds them however the path is spelt: case, encoding, doubled slashes, trailing parts, a query after', () => {
    expect(redactUrl(`/Account/CONFIRM/${token}`)).toBe('/Account/CONFIRM/:token');
    expect(redactUrl(`/account/%63onfirm/${token}`)).toBe('/account/%63onfirm/:token');
    expect(redactUrl(`//account//confirm/${token}/`)).toBe('//account//confirm/:token/');
    expect(redactUrl(`/account/confirm/${token}/more?utm_source=mail`)).toBe('/account/confirm/:token/more?utm_source=mail');
    expect(redactUrl(`/unsubscribe/${unsubscribe}?token=${unsubscribe}`)).toBe('/unsubscribe/:token?token=:token');
    expect(redactUrl('/account/confirm/')).toBe('/account/confirm/');
  });

  it('leaves out the other secrets in paths and queries: a purchase id, the sandbox session, search text and filters', () => {
    expect(redactUrl('/api/fastspring/purchase/UvNnKqnkQ2aJcBf4yS-vWg')).toBe('/api/fastspring/purchase/:id');
    expect(redactUrl('/api/fastspring/purchase/UvNnKqnkQ2aJcBf4yS-vWg/account')).toBe('/api/fastspring/purchase/:id/account');
    expect(redactUrl('/sandbox/popup?session=eyJhbGciOi.secret')).toBe('/sandbox/popup?session=:session');
    expect(redactUrl('/api/admin/search?q=0b4f8a44-4d3b-4c67-9a55-0c2b1f2e9d11')).toBe('/api/admin/search?q=:q');
    expect(redactUrl('/api/order/unassigned?page=0&pageSize=20&filter=%7B%22activationKey%22%3A%220b4f%22%7D&sort=id')).toBe(
      '/api/order/unassigned?page=0&pageSize=20&filter=:filter&sort=id',
    );
    // Names are compared decoded and in any case; a parameter without a value has nothing to leave out.
    expect(redactUrl('/x?TOKEN=a&t%6Fken=b&token&tokens=c')).toBe('/x?TOKEN=:token&t%6Fken=:token&token&tokens=c');
  });

  it('keeps every other path and query as it is', () => {
    for (const url of [
      '/api/userinfo/products',
      '/products/spacey',
      '/purchase/Spacey/LOYALTY15',
      '/api/order/unassigned?page=0&pageSize=20&sort=id&desc=true',
      '/api/plugin/updates?product=Spacey&platform=mac',
      '/account/confirmation',
      '/api/account/confirm',
      '/%E0%A4%A',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../test/test-app.js';

/** The client address a login attempt was counted under, when it came through `remoteAddress` with `forwardedFor`. */
async function countedAddress(t: Awaited<ReturnType<typeof createTestApp>>, remoteAddress: string, forwardedFor: string) {
  const username = uniqueEmail();
  await t.app.inject({
    method: 'POST',
    url: '/api/login/',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username, password: 'wrong-pass' },
  });
  const candidates = [remoteAddress, ...forwardedFor.split(',').map((address) => address.trim())];
  const { rows } = await t.db.query<{ key: string }>('SELECT key FROM rate_limit WHERE key = ANY($1)', [
    candidates.map((address) => `login-failures-ip:${address}`),
  ]);
  return rows.map((row) => row.key.slice('login-failures-ip:'.length));
}

describe('client addresses behind a proxy', () => {
  it('with a hop count, believes only the hops it counts: a forged first entry is ignored', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    // The load balancer (10.1.1.1) appends the client's address; the client forged the first entry.
    expect(await countedAddress(t, '10.1.1.1', '203.0.113.7, 198.51.100.9')).toEqual(['198.51.100.9']);
  });

  it('with addresses, believes forwarded addresses only from those proxies', async () => {
    const t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    expect(await countedAddress(t, '10.2.2.2', '203.0.113.7')).toEqual(['203.0.113.7']);
    expect(await countedAddress(t, '192.0.2.50', '198.51.100.10')).toEqual(['192.0.2.50']);
  });
});

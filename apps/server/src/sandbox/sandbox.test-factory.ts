import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app.js';

/**
 * Opens a sandbox checkout session for `cart` as the site's Store Builder script does (`POST
 * /sandbox/api/session/finalize`): the popup's address and its session token.
 */
export async function finalizeSandboxSession(
  t: TestApp,
  cart: object,
  options: { origin?: string; ip?: string } = {},
): Promise<{ url: string; token: string }> {
  const finalized = await t.request({
    method: 'POST',
    url: '/sandbox/api/session/finalize',
    body: options.origin === undefined ? { cart } : { cart, origin: options.origin },
    ...(options.ip === undefined ? {} : { ip: options.ip }),
  });
  expect(finalized.statusCode, finalized.body).toBe(200);
  const url = (finalized.json() as { url: string }).url;
  return { url, token: new URL(url, 'http://x').searchParams.get('session')! };
}

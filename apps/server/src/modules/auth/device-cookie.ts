import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { canonicalLoginName } from '@store/contracts/email-address';
import { deriveKey } from '../../lib/derived-key.js';

/**
 * Device cookies (OWASP's "Slow down online guessing attacks with device cookies"): a browser that logged in to
 * a login once carries a signed cookie naming that login. Failed passwords from such a browser count against that
 * cookie only; everyone else shares the login's lock-out ceiling. So a stranger guessing a password locks out
 * strangers, while the owner still gets in from a browser that logged in before.
 */
export const DEVICE_COOKIE_NAME = 'store_device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** `loginName`: the canonical form of the login's name (decision 030), as the cookie names it. */
export type DeviceClaim = { loginName: string; nonce: string };

const macOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function createDeviceCookies(secret: string, options: { isSecure: boolean }) {
  const key = deriveKey(secret, 'device-cookie');
  return {
    /** The Set-Cookie value for a browser that just logged in as `loginName`. */
    issue(loginName: string): string {
      const name = Buffer.from(canonicalLoginName(loginName) ?? loginName).toString('base64url');
      const nonce = randomBytes(16).toString('base64url');
      const value = `${name}.${nonce}.${macOf(key, `${name}.${nonce}`)}`;
      const attributes = [`Max-Age=${MAX_AGE_SECONDS}`, 'Path=/api', 'HttpOnly', 'SameSite=Strict'];
      if (options.isSecure) attributes.push('Secure');
      return [`${DEVICE_COOKIE_NAME}=${value}`, ...attributes].join('; ');
    },
    /** The login and nonce of a request's device cookie when its signature holds; anything else is no claim. */
    read(cookieHeader: string | undefined): DeviceClaim | undefined {
      const value = readCookie(cookieHeader, DEVICE_COOKIE_NAME);
      const [name, nonce, mac, ...rest] = value?.split('.') ?? [];
      if (!name || !nonce || !mac || rest.length > 0) return undefined;
      const expected = Buffer.from(macOf(key, `${name}.${nonce}`));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      return { loginName: Buffer.from(name, 'base64url').toString('utf8'), nonce };
    },
  };
}

/** The value of one cookie in a Cookie header (RFC 6265 pairs separated by `;`). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

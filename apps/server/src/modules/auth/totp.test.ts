import { describe, expect, it } from 'vitest';
import { decodeBase32, encodeBase32, matchTotpStep, totpCodeAt, totpStepAt, totpUri } from './totp.js';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII of "12345678901234567890".
const rfcSecret = encodeBase32(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives the RFC test vector at %i s', (seconds, expected) => {
    expect(totpCodeAt(rfcSecret, totpStepAt(seconds * 1000), 8)).toBe(expected);
  });

  it('round-trips base32 and reads RFC 4648 text', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 255, 7]);
    expect(decodeBase32(encodeBase32(bytes))).toEqual(bytes);
    expect(decodeBase32('MZXW6YTBOI======').toString()).toBe('foobar');
  });

  it('accepts the current code and its neighbours, once each', () => {
    const now = 1_700_000_000_000;
    const step = totpStepAt(now);
    const code = totpCodeAt(rfcSecret, step);
    expect(matchTotpStep({ secret: rfcSecret, code, now, lastUsedStep: 0 })).toBe(step);
    expect(matchTotpStep({ secret: rfcSecret, code: totpCodeAt(rfcSecret, step - 1), now, lastUsedStep: 0 })).toBe(step - 1);
    // Used once: the same step never matches again.
    expect(matchTotpStep({ secret: rfcSecret, code, now, lastUsedStep: step })).toBeUndefined();
    // Two steps away is too far.
    expect(matchTotpStep({ secret: rfcSecret, code: totpCodeAt(rfcSecret, step - 2), now, lastUsedStep: 0 })).toBeUndefined();
    expect(matchTotpStep({ secret: rfcSecret, code: 'abcdef', now, lastUsedStep: 0 })).toBeUndefined();
  });

  it('names the issuer and account in the otpauth address', () => {
    expect(totpUri({ secret: 'ABC', account: 'admin', issuer: 'Plug-in Store' })).toBe(
      'otpauth://totp/Plug-in%20Store%3Aadmin?secret=ABC&issuer=Plug-in%20Store&algorithm=SHA1&digits=6&period=30',
    );
  });
});

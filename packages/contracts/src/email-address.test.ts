import { describe, expect, it } from 'vitest';
import { canonicalEmail, canonicalLoginName, isSameEmail } from './email-address.js';
import { emailField, loginNameField } from './fields.js';
import { messages } from './messages.js';

describe('canonicalEmail', () => {
  it('lower-cases the ASCII letters of an address and keeps everything else', () => {
    expect(canonicalEmail('Kate.Smith+Shop@Example.COM')).toBe('kate.smith+shop@example.com');
    expect(canonicalEmail('kate@example.com')).toBe('kate@example.com');
  });

  it('refuses the Kelvin sign, in the local part and in the domain, rather than reading it as k', () => {
    expect('\u212A'.toLowerCase()).toBe('k');
    expect(canonicalEmail('\u212Aate@example.com')).toBeUndefined();
    expect(canonicalEmail('kate@\u212Aiosk.example.com')).toBeUndefined();
    // The Ångström and ohm signs, which normalisation replaces by Å and Ω, likewise.
    expect(canonicalEmail('\u212Bsa@example.com')).toBeUndefined();
    expect(canonicalEmail('\u2126mega@example.com')).toBeUndefined();
  });

  it('refuses fullwidth letters, ligatures and superscripts (compatibility characters)', () => {
    expect(canonicalEmail('\uFF4B\uFF41\uFF54\uFF45@example.com')).toBeUndefined();
    expect(canonicalEmail('kate@\uFF45xample.com')).toBeUndefined();
    expect(canonicalEmail('kate@example\uFF0Ecom')).toBeUndefined();
    expect(canonicalEmail('\uFB01nn@example.com')).toBeUndefined();
    expect(canonicalEmail('kate\u00B2@example.com')).toBeUndefined();
  });

  it('keeps a dotted capital İ and a dotless ı as they are: neither is the address with i', () => {
    expect(canonicalEmail('\u0130nfo@example.com')).toBe('\u0130nfo@example.com');
    expect(canonicalEmail('\u0131nfo@example.com')).toBe('\u0131nfo@example.com');
    expect(isSameEmail('\u0130nfo@example.com', 'info@example.com')).toBe(false);
    expect(isSameEmail('\u0131nfo@example.com', 'info@example.com')).toBe(false);
    expect(isSameEmail('\u0131nfo@example.com', 'INFO@example.com')).toBe(false);
    // Only ASCII letters change case: É and é are two local parts, as a mail server may hold them apart.
    expect(canonicalEmail('\u00C9mile@example.com')).toBe('\u00C9mile@example.com');
  });

  it('makes a composed and a decomposed é (NFC and NFD) one address, in NFC', () => {
    const composed = 'jos\u00E9@example.com';
    const decomposed = 'jose\u0301@example.com';
    expect(composed).not.toBe(decomposed);
    expect(canonicalEmail(decomposed)).toBe(composed);
    expect(isSameEmail(composed, decomposed)).toBe(true);
    expect(canonicalEmail('kate@bu\u0308cher.example')).toBe('kate@xn--bcher-kva.example');
  });

  it('writes an internationalised domain in punycode, whichever way it was spelled', () => {
    expect(canonicalEmail('kate@bücher.example')).toBe('kate@xn--bcher-kva.example');
    expect(canonicalEmail('kate@BÜCHER.example')).toBe('kate@xn--bcher-kva.example');
    expect(canonicalEmail('kate@xn--bcher-kva.example')).toBe('kate@xn--bcher-kva.example');
    expect(canonicalEmail('kate@XN--BCHER-KVA.Example')).toBe('kate@xn--bcher-kva.example');
    expect(isSameEmail('Kate@bücher.example', 'kate@xn--bcher-kva.example')).toBe(true);
    expect(canonicalEmail('info@\u0130stanbul.example')).toBe('info@xn--istanbul-o0e.example');
  });

  it('accepts a Unicode local part (SMTPUTF8) beside either spelling of the domain', () => {
    expect(canonicalEmail('用户@例子.example')).toBe('用户@xn--fsqu00a.example');
    expect(canonicalEmail('Ärger@EXAMPLE.com')).toBe('Ärger@example.com');
  });

  it('refuses what is no address or no mail domain', () => {
    for (const text of [
      '',
      'kate',
      'admin',
      'kate@example',
      'kate@@example.com',
      'ka te@example.com',
      'kate@exam ple.com',
      'kate\n@example.com',
      'kate@exa\u00ADmple.com',
      'ka\u200Dte@example.com',
      'kate\u200E@example.com',
      'kate@example..com',
      'kate@.example.com',
      'kate@example.com.',
      'kate@-example.com',
      'kate@exa_mple.com',
      'kate@exa%41mple.com',
      'kate@example.com:25',
      'kate@a/b.com',
      'kate@[127.0.0.1].com',
      'kate@0x7f.1',
      'kate@127.0.0.1',
      'kate@xn--zz.com',
      'kate@xn--a.com',
      'kate@xn--bcher-.example',
      'kate@xn--bcher-2pa.example',
      'kate@xn--example-r273b.com',
      'kate@xn--cher-zra77610b.example',
      'kate@xn--u-ccb.example',
      `kate@${'a'.repeat(64)}.com`,
      `${'k'.repeat(250)}@example.com`,
    ]) {
      expect(canonicalEmail(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('refuses characters shown as nothing that the domain conversion would drop (variation selectors, the grapheme joiner)', () => {
    // Without this, each of these would be kate@example.com under a spelling of its own (a fresh lock-out counter).
    for (const text of [
      'kate@exam\uFE00ple.com',
      'kate@exa\uFE0Fmple.com',
      'kate@example\u034F.com',
      'kate@exam\u180Bple.com',
      'ka\uFE01te@example.com',
      'kate@exam\u3164ple.com',
    ]) {
      expect(canonicalEmail(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('is what it already is for a canonical address', () => {
    for (const address of ['kate@example.com', '\u0130nfo@example.com', 'jos\u00E9@xn--bcher-kva.example', '用户@xn--fsqu00a.example']) {
      expect(canonicalEmail(canonicalEmail(address)!)).toBe(canonicalEmail(address));
    }
  });
});

describe('canonicalLoginName', () => {
  it('keeps the administrator’s name and reads any other name as an address', () => {
    expect(canonicalLoginName('admin')).toBe('admin');
    expect(canonicalLoginName('Admin')).toBeUndefined();
    expect(canonicalLoginName('Kate@Example.com')).toBe('kate@example.com');
    expect(canonicalLoginName('\u212Aate@example.com')).toBeUndefined();
  });
});

describe('the email fields', () => {
  it('refuse a look-alike address with the specification’s message, and accept every spelling of a real one', () => {
    for (const field of [emailField, loginNameField]) {
      const refused = field.safeParse('\u212Aate@example.com');
      expect(refused.success).toBe(false);
      expect(refused.error?.issues.map((issue) => issue.message)).toEqual([messages.emailInvalid]);
      for (const address of ['kate@bücher.example', 'jose\u0301@example.com', ' Kate@Example.com ']) {
        expect(field.safeParse(address).success, address).toBe(true);
      }
    }
    expect(emailField.safeParse('').error?.issues[0]?.message).toBe(messages.emailRequired);
    expect(loginNameField.safeParse('admin').success).toBe(true);
    expect(emailField.safeParse('admin').success).toBe(false);
  });
});

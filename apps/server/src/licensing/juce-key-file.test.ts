import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createExpiringKeyFile, createKeyFile, decryptKeyFile, type KeyFileOptions } from './juce-key-file.js';
import { ASCII_1024, EXPIRING_1024, JUCE_GENERATED_1024, JUCE_KEY_1024, JUCE_KEY_2048, UNICODE_ESCAPE_2048 } from './juce-test-vectors.js';
import { formatKeyText, generateKeyPair, loadSigningKey, type SigningKey } from './rsa-key.js';
import { decodeBase64Url } from './rsa-math.js';

const NEW_YEAR_2026 = new Date('2026-01-01T00:00:00Z');
const NEW_YEAR_2027 = new Date('2027-01-01T00:00:00Z');
const DEVICE_ID = '0123456789ABCDEF0123456789ABCDEF';
const key1024 = loadSigningKey(JUCE_KEY_1024.privateKey, JUCE_KEY_1024.publicKey);
const key2048 = loadSigningKey(JUCE_KEY_2048.privateKey, JUCE_KEY_2048.publicKey);

function withoutOpenSsl(key: SigningKey): SigningKey {
  return { ...key, keyObject: null };
}

const asciiOptions: KeyFileOptions = {
  appName: 'MyPlugin',
  userEmail: 'joe@example.com',
  userName: 'Joe Bloggs',
  machineNumbers: DEVICE_ID,
  date: NEW_YEAR_2026,
  comment: 'Keyfile for MyPlugin',
  privateKey: key1024,
};

const unicodeOptions: KeyFileOptions = {
  appName: 'My Plugin (VST3)',
  userEmail: 'joe+x@example.com',
  userName: 'Jöe "Q" <B&B> 日本',
  machineNumbers: ['M1A2B3C4D5', 'W0F9E8D7C6'],
  date: NEW_YEAR_2026,
  comment: 'Keyfile for My Plugin (VST3)',
  privateKey: key2048,
};

// JUCE's own generateKeyFile output: its comment (Created: in UTC here) and `date` 2026-11-22T04:16:22.063Z.
const jucePluginOptions: KeyFileOptions = {
  appName: 'MyPlugin',
  userEmail: 'joe@example.com',
  userName: 'Joe Bloggs',
  machineNumbers: `L7C5815F31,${DEVICE_ID}`,
  date: new Date(0x1a201782a2f),
  privateKey: key1024,
};

describe('createKeyFile reproduces the reference vectors byte for byte', () => {
  it.each([
    ['6.3 ascii-1024', asciiOptions, ASCII_1024.keyFile],
    ['6.5 unicode-escape-2048', unicodeOptions, UNICODE_ESCAPE_2048.keyFile],
    ['6.6 JUCE generateKeyFile', jucePluginOptions, JUCE_GENERATED_1024.keyFile],
  ])('%s (OpenSSL and BigInt fallback)', (_name, options, expected) => {
    expect(createKeyFile(options)).toBe(expected);
    expect(createKeyFile({ ...options, privateKey: withoutOpenSsl(options.privateKey) })).toBe(expected);
  });

  it('6.4 expiring-1024 (OpenSSL and BigInt fallback)', () => {
    const options = { ...asciiOptions, expiryTime: NEW_YEAR_2027 };
    expect(createExpiringKeyFile(options)).toBe(EXPIRING_1024.keyFile);
    expect(createExpiringKeyFile({ ...options, privateKey: withoutOpenSsl(key1024) })).toBe(EXPIRING_1024.keyFile);
  });
});

describe('decryptKeyFile', () => {
  it.each([
    ['6.3', ASCII_1024, JUCE_KEY_1024.publicKey],
    ['6.4', EXPIRING_1024, JUCE_KEY_1024.publicKey],
    ['6.5', UNICODE_ESCAPE_2048, JUCE_KEY_2048.publicKey],
    ['6.6', JUCE_GENERATED_1024, JUCE_KEY_1024.publicKey],
  ])('recovers the exact plaintext of vector %s', (_name, vector, publicKey) => {
    expect(decryptKeyFile(vector.keyFile, publicKey)?.xml).toBe(vector.plaintext);
  });

  it('reads the fields as JUCE does', () => {
    expect(decryptKeyFile(UNICODE_ESCAPE_2048.keyFile, JUCE_KEY_2048.publicKey)).toMatchObject({
      user: 'Jöe "Q" <B&B> 日本',
      email: 'joe+x@example.com',
      app: 'My Plugin (VST3)',
      mach: 'M1A2B3C4D5,W0F9E8D7C6',
      machineNumbers: ['M1A2B3C4D5', 'W0F9E8D7C6'],
      date: NEW_YEAR_2026,
      isExpiring: false,
      expiryTime: null,
    });
    const expiring = decryptKeyFile(EXPIRING_1024.keyFile, JUCE_KEY_1024.publicKey);
    expect(expiring).toMatchObject({ mach: DEVICE_ID, isExpiring: true, expiryTime: NEW_YEAR_2027 });
    expect(expiring?.attributes).toEqual({
      user: 'Joe Bloggs',
      email: 'joe@example.com',
      expiring_mach: DEVICE_ID,
      app: 'MyPlugin',
      date: '19b76daa800',
      expiryTime: '1a2ce8bd400',
    });
  });

  it('accepts what JUCE accepts: bare hex, upper case, other line widths', () => {
    const hex = ASCII_1024.keyFile.slice(ASCII_1024.keyFile.indexOf('#') + 1).replace(/\s/g, '');
    const rewrapped = `#${hex.toUpperCase().replace(/(.{16})/g, '$1\n')}`;
    for (const text of [hex, ` ${hex}\r\n`, rewrapped, `Other comment # x\n${rewrapped}`]) {
      expect(decryptKeyFile(text, JUCE_KEY_1024.publicKey)?.xml).toBe(ASCII_1024.plaintext);
    }
  });

  it('refuses key files that JUCE would refuse', () => {
    const hex = ASCII_1024.keyFile.slice(ASCII_1024.keyFile.indexOf('#') + 1);
    expect(decryptKeyFile(ASCII_1024.keyFile, JUCE_KEY_2048.publicKey)).toBeNull();
    expect(decryptKeyFile(ASCII_1024.keyFile, generateKeyPair(1024).publicKey)).toBeNull();
    expect(decryptKeyFile(`#-${hex}`, JUCE_KEY_1024.publicKey)).toBeNull();
    expect(decryptKeyFile('Keyfile for MyPlugin\r\n\r\n' + hex, JUCE_KEY_1024.publicKey)).toBeNull();
    expect(decryptKeyFile('', JUCE_KEY_1024.publicKey)).toBeNull();
    expect(decryptKeyFile('#0000', JUCE_KEY_1024.publicKey)).toBeNull();
    expect(decryptKeyFile('#' + hex.replace('7', '8'), JUCE_KEY_1024.publicKey)).toBeNull();
    expect(decryptKeyFile('#' + 'f'.repeat(256 * 65), JUCE_KEY_1024.publicKey)).toBeNull();
  });

  it('throws on a malformed public key text', () => {
    expect(() => decryptKeyFile(ASCII_1024.keyFile, 'nonsense')).toThrow('public key');
  });
});

describe('key files from generated keys', () => {
  it.each([1024, 2048] as const)('round-trip with a new %i-bit pair, long inputs included', (bits) => {
    const pair = generateKeyPair(bits);
    const fromText = loadSigningKey(pair.privateKey.toUpperCase(), pair.publicKey);
    const longName = 'Ünïcødé 😀 '.repeat(40);
    for (const privateKey of [pair.signingKey, fromText, withoutOpenSsl(fromText)]) {
      const keyFile = createKeyFile({ ...asciiOptions, userName: longName, privateKey, comment: undefined });
      expect(decryptKeyFile(keyFile, pair.publicKey)).toMatchObject({
        user: longName,
        email: 'joe@example.com',
        app: 'MyPlugin',
        machineNumbers: [DEVICE_ID],
        date: NEW_YEAR_2026,
      });
    }
  });
});

describe('messages around one base-n digit', () => {
  // A 1020-bit modulus is 128 bytes long but smaller than most 128-byte blocks, so both the single-digit
  // fast path and the multi-digit path run; JUCE-made keys can be one bit short in the same way.
  it.each([1024, 1020])('round-trip for every length near the modulus (%i bits)', (bits) => {
    const jwk = generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({ format: 'jwk' });
    const [n, e, d] = [jwk.n, jwk.e, jwk.d].map((part) => decodeBase64Url(part ?? '')) as [bigint, bigint, bigint];
    const publicKey = formatKeyText(e, n);
    const privateKey = loadSigningKey(formatKeyText(d, n), publicKey);
    const shortOptions = { ...asciiOptions, userEmail: 'a@b.c', machineNumbers: 'X', appName: 'A', privateKey };
    for (let length = 1; length <= 40; length += 1) {
      const userName = 'J'.repeat(length);
      const keyFile = createKeyFile({ ...shortOptions, userName });
      expect(decryptKeyFile(keyFile, publicKey)?.user).toBe(userName);
      expect(createKeyFile({ ...shortOptions, userName, privateKey: withoutOpenSsl(privateKey) })).toBe(keyFile);
    }
  });
});

describe('JUCE comment block', () => {
  it('follows createKeyFileComment, with times in UTC', () => {
    const options = { ...asciiOptions, comment: undefined, userName: '', date: new Date('2026-03-05T12:07:09Z') };
    const [comment] = createKeyFile(options).split('\r\n\r\n#');
    expect(comment).toBe(
      `Keyfile for MyPlugin\r\nEmail: joe@example.com\r\nMachine numbers: ${DEVICE_ID}\r\nCreated: 5 Mar 2026 12:07:09pm`,
    );
    const expiring = createExpiringKeyFile({ ...options, userName: 'Joe', expiryTime: NEW_YEAR_2027 });
    expect(expiring.split('\r\n\r\n#')[0]).toBe(
      'Keyfile for MyPlugin\r\nUser: Joe\r\nEmail: joe@example.com\r\n' +
        `Machine numbers: ${DEVICE_ID}\r\nCreated: 5 Mar 2026 12:07:09pm\r\nExpires: 1 Jan 2027 12:00:00am`,
    );
  });

  it('lays the hex out in 70-character CRLF lines after a blank line', () => {
    const lines = createKeyFile(unicodeOptions).split('\r\n');
    expect(lines[1]).toBe('');
    expect(lines.at(-1)).toBe('');
    const hexLines = lines.slice(2, -1);
    expect(hexLines[0]?.startsWith('#')).toBe(true);
    expect(hexLines.slice(0, -1).every((line) => line.length === 70)).toBe(true);
  });
});

import { createDecipheriv, generateKeyPairSync, publicDecrypt, constants } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptSecurePayload, securePayloadKeyOf } from './secure-payload.js';

describe('encryptSecurePayload', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it('is opened as FastSpring opens it: the key with the public half, the payload with AES-128-ECB', () => {
    const session = {
      contact: { email: 'kate@example.com' },
      items: [{ product: 'spacey-2', quantity: 1, pricing: { price: { USD: 29 } } }],
    };
    const { securePayload, secureKey } = encryptSecurePayload(session, privateKey);
    const aesKey = publicDecrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(secureKey, 'base64'));
    expect(aesKey).toHaveLength(16);
    const decipher = createDecipheriv('aes-128-ecb', aesKey, null);
    const plain = Buffer.concat([decipher.update(Buffer.from(securePayload, 'base64')), decipher.final()]).toString('utf8');
    expect(JSON.parse(plain)).toEqual(session);
  });

  it('uses a fresh key each time', () => {
    const first = encryptSecurePayload({ a: 1 }, privateKey);
    const second = encryptSecurePayload({ a: 1 }, privateKey);
    expect(first.securePayload).not.toBe(second.securePayload);
  });

  it('reads a PEM whose line breaks were written as \\n', () => {
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n');
    expect(securePayloadKeyOf(pem).asymmetricKeyType).toBe('rsa');
  });
});

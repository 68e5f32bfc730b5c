import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  privateEncrypt,
  publicDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/**
 * FastSpring's secure payload (its "Secure Payloads" guide): the session object as JSON, encrypted with AES-128-ECB
 * under a fresh random key (`securePayload`), and that key encrypted with the vendor's RSA private key with PKCS#1
 * v1.5 padding (`secureKey`), both base64. FastSpring opens the key with the public half the vendor gave it, so a
 * price in the payload can only come from this server.
 */
export function encryptSecurePayload(session: unknown, privateKey: KeyObject): { securePayload: string; secureKey: string } {
  const aesKey = randomBytes(16);
  const cipher = createCipheriv('aes-128-ecb', aesKey, null);
  const securePayload = Buffer.concat([cipher.update(JSON.stringify(session), 'utf8'), cipher.final()]).toString('base64');
  const secureKey = privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, aesKey).toString('base64');
  return { securePayload, secureKey };
}

/** The configured PEM (line breaks may be written `\n` in an environment variable) as a key. */
export const securePayloadKeyOf = (pem: string): KeyObject => createPrivateKey(pem.replace(/\\n/g, '\n'));

/**
 * Opens a secure payload as FastSpring does, with the public half of the pair (the checkout sandbox, decision 036):
 * the key with RSA (PKCS#1 v1.5), then the payload with AES-128-ECB. Undefined when it was not sealed with this
 * pair or is not JSON.
 */
export function decryptSecurePayload(sealed: { securePayload: string; secureKey: string }, publicKey: KeyObject): unknown {
  try {
    const aesKey = publicDecrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(sealed.secureKey, 'base64'));
    if (aesKey.length !== 16) return undefined;
    const decipher = createDecipheriv('aes-128-ecb', aesKey, null);
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.securePayload, 'base64')), decipher.final()]).toString('utf8');
    return JSON.parse(plain) as unknown;
  } catch {
    return undefined;
  }
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './derived-key.js';

/** Seals and opens private keys at rest with AES-256-GCM under a key derived from KEY_ENCRYPTION_SECRET. */
export type SecretBox = { seal: (plain: string) => string; open: (sealed: string) => string };

export function createSecretBox(secret: string): SecretBox {
  const key = deriveKey(secret, 'key-encryption');
  return {
    seal: (plain) => {
      if (plain === '') return '';
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    open: (sealed) => {
      if (sealed === '') return '';
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

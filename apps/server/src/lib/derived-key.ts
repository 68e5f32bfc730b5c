import { createHash } from 'node:crypto';

/**
 * The one way a key for one purpose is derived from the deployment's secret (KEY_ENCRYPTION_SECRET): SHA-256 of
 * `purpose:secret`. Each purpose gets its own key, so a key leaked from one use opens nothing else.
 */
export const deriveKey = (secret: string, purpose: string): Buffer => createHash('sha256').update(`${purpose}:${secret}`).digest();

import { createHash } from 'node:crypto';
import type { DecryptedKeyFile } from './juce-key-file.js';

/**
 * What identifies one key file: the SHA-256 of its signed content. Its comment and line breaks are not signed, so a
 * copy with another comment is still recognised as the same key (migration 083, retired_licence_key).
 */
export const keyFileDigest = (content: DecryptedKeyFile): Buffer => createHash('sha256').update(content.xml).digest();

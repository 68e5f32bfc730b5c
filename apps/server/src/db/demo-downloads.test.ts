import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoDownloads } from './demo-downloads.js';

const publicDir = path.resolve(import.meta.dirname, '../../../web/public/downloads');

describe('demo installers', () => {
  it.each(demoDownloads.map((download) => [download.fileName, download] as const))(
    '%s exists with the size and SHA-256 the seed lists',
    async (_name, download) => {
      const file = await readFile(path.join(publicDir, download.fileName));
      expect(file.length).toBe(download.sizeBytes);
      expect(createHash('sha256').update(file).digest('hex')).toBe(download.sha256);
    },
  );
});

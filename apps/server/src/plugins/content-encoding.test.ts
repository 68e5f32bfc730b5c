import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pickEncoding, precompress } from './content-encoding.js';

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('answers %j with %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
    // Asked again (answered from what it remembers of the header): the same.
    expect(pickEncoding(header)).toBe(expected);
  });

  it('keeps answering right after more spellings than it remembers', () => {
    for (let index = 0; index < 600; index++) {
      const header = index % 3 === 0 ? `gzip;q=0.${index % 10}, x-${index}` : index % 3 === 1 ? `br, x-${index}` : `x-${index}`;
      expect(pickEncoding(header)).toBe(index % 3 === 0 ? (index % 10 === 0 ? undefined : 'gzip') : index % 3 === 1 ? 'br' : undefined);
    }
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
  });
});

describe('precompress', () => {
  it('keeps the text and its brotli and gzip forms, which decompress to it', async () => {
    const text = '<main>Plug-ins that sound like records – “ü”</main>'.repeat(20);
    const body = await precompress(text);
    expect(body.identity.toString('utf8')).toBe(text);
    expect(brotliDecompressSync(body.br).toString('utf8')).toBe(text);
    expect(gunzipSync(body.gzip).toString('utf8')).toBe(text);
    expect(body.br.length).toBeLessThan(body.identity.length);
  });

  it('compresses off the event loop: a timer set before a large page fires while it is compressed', async () => {
    const text = Array.from({ length: 4000 }, (_, index) => `<p>${index} ${Math.random()}</p>`).join('');
    const order: string[] = [];
    const timer = new Promise<void>((resolve) => setTimeout(() => (order.push('timer'), resolve()), 0));
    const compressed = precompress(text).then(() => order.push('compressed'));
    await Promise.all([timer, compressed]);
    expect(order).toEqual(['timer', 'compressed']);
  });
});

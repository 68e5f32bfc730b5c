import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';
/** A body with its compressed forms, made once for an answer that is sent many times. */
export type PrecompressedBody = { identity: Buffer; br: Buffer; gzip: Buffer };

/**
 * Compresses once, at the highest levels (the answer is kept and sent many times), on libuv's thread pool: a
 * 60 KB page takes a quarter of a second at brotli 11, which must not hold the event loop.
 */
export async function precompress(text: string): Promise<PrecompressedBody> {
  const identity = Buffer.from(text, 'utf8');
  const [br, gzipped] = await Promise.all([
    brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gzipped };
}

/**
 * The encoding to answer with for an `Accept-Encoding` header (RFC 9110 §12.5.3): brotli or gzip when accepted
 * with a non-zero quality (`*` counts for both), brotli first at equal quality; undefined for identity.
 */
export function pickEncoding(header: string | undefined): Encoding | undefined {
  const key = header ?? '';
  const known = encodingByHeader.get(key);
  if (known !== undefined) return known === 'identity' ? undefined : known;
  const encoding = parseAcceptEncoding(key);
  // Browsers send a handful of spellings, so each page request finds its answer here; invented ones cannot grow it.
  if (encodingByHeader.size >= MAX_KNOWN_HEADERS) encodingByHeader.clear();
  encodingByHeader.set(key, encoding ?? 'identity');
  return encoding;
}

const MAX_KNOWN_HEADERS = 256;
const encodingByHeader = new Map<string, Encoding | 'identity'>();

function parseAcceptEncoding(header: string): Encoding | undefined {
  const qualities = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (name === '') continue;
    const q = parameters.find((parameter) => /^q=/i.test(parameter));
    const quality = q === undefined ? 1 : Number.parseFloat(q.slice(2));
    qualities.set(name.toLowerCase(), Number.isFinite(quality) ? quality : 0);
  }
  const qualityOf = (encoding: Encoding) => qualities.get(encoding) ?? qualities.get('*') ?? 0;
  const br = qualityOf('br');
  const gzip = qualityOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

/**
 * Compresses a body that is sent once (an unknown page, an unusual spelling of a known one) with gzip at its
 * default level, on libuv's thread pool; undefined when the client accepts neither encoding.
 */
export async function compressOnce(
  text: string,
  acceptEncoding: string | undefined,
): Promise<{ encoding: Encoding; body: Buffer } | undefined> {
  if (pickEncoding(acceptEncoding) === undefined) return undefined;
  return { encoding: 'gzip', body: await gzipAsync(Buffer.from(text, 'utf8')) };
}

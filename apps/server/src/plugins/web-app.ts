import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { APP_SCREEN_SEGMENTS, MAX_CONTENT_PATH_SEGMENTS } from '@store/contracts/constants';
import type { InitialData, Page } from '@store/contracts/page';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSandboxCheckout } from '../config.js';
import { databaseStatusOf } from '../db/database-status.js';
import { normalizePageUrl } from '../modules/page/index.js';
import { compressOnce, pickEncoding, precompress, type PrecompressedBody } from './content-encoding.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
/** JSON inside a <script type="application/json"> block: nothing may close the element. */
const toScriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * Serves the built web app: hashed assets with long caching, and every other GET with the app's HTML carrying
 * the page and the menu as initial data, the page's HTML already inside for crawlers and first paint.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const distDir = app.config.webDistDir;
  const templatePath = path.join(distDir, 'index.html');
  if (!fs.existsSync(templatePath)) {
    app.log.warn(`The web app is not built (${templatePath} missing): run npm run build:web`);
    return;
  }
  const template = fs.readFileSync(templatePath, 'utf8');
  // The storefront, empty for the sandbox; with neither, the shop says that checkout is not available.
  const checkoutMeta = isSandboxCheckout(app.config)
    ? '<meta name="checkout-storefront" content="">'
    : app.config.FASTSPRING_STOREFRONT
      ? `<meta name="checkout-storefront" content="${escapeHtml(app.config.FASTSPRING_STOREFRONT)}">`
      : '<meta name="checkout-unavailable" content="on">';
  // The Store Builder Library's access key, which its script tag needs for secure payloads (decision 036).
  const accessKeyMeta = app.config.FASTSPRING_ACCESS_KEY
    ? `<meta name="checkout-access-key" content="${escapeHtml(app.config.FASTSPRING_ACCESS_KEY)}">`
    : '';
  // Without SMTP the mail stays in the development mailbox, and the admin menu offers it (decision 011).
  const headMeta = `${checkoutMeta}${accessKeyMeta}${app.config.SMTP_URL ? '' : '<meta name="dev-mailbox" content="on">'}`;

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    serve: true,
    setHeaders: (reply, filePath) => {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const render = (data: InitialData, page: Page | null) => {
    const title = page?.name ? `${escapeHtml(page.name)} | Plug-in Store` : 'Plug-in Store';
    const body = page ? `<main class="container content-page">${page.htmlText}</main>` : '';
    // Functions as replacements: a replacement string would read `$&`, `$'` and `` $` `` in a page's text (a price
    // in "R$&nbsp;49") as patterns.
    return template
      .replace(/<title>.*?<\/title>/s, () => `<title>${title}</title>`)
      .replace('<!--app-head-->', () => headMeta)
      .replace('<!--app-html-->', () => body)
      .replace('<!--app-data-->', () => `<script type="application/json" id="initial-data">${toScriptJson(data)}</script>`);
  };

  // Content pages and the app's screens are the same for every visitor (the session lives in the browser), so
  // each answer is rendered and compressed once, with its headers, and kept until a page changes (decision 010).
  // Unknown pages are rendered each time: their paths are the visitors' to choose.
  // The answers are compressed here (kept ones once, on the thread pool): the compression plugin's hooks, which
  // every other route has, would only look at them and leave them as they are.
  // The common request first: the answer kept for this very path, ready in memory. `peek` answers only while
  // changes are heard and a change forgets the answers it touches, so a kept answer is current; anything else (not
  // kept yet, another spelling, an unknown page, the database unreachable) goes the whole way below.
  app.get('/*', { compress: false, decompress: false }, (request, reply) => {
    const pathname = pathOf(request.url);
    const kept = pathname === undefined ? undefined : app.pageCache.peek<MemoryAnswer>(answerKey(pathname));
    if (!kept) return answerOrFallBack(request, reply);
    sendMemoryAnswer(kept, request, reply);
    return undefined;
  });
  const answerOrFallBack = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await answerPage(request, reply);
    } catch (error) {
      // The database cannot be reached: the answer this path had before is still right (nobody can change a page).
      const pathname = pathOf(request.url);
      const stale = pathname === undefined ? undefined : app.pageCache.peekStale<MemoryAnswer>(answerKey(pathname));
      if (!stale || !databaseStatusOf(app.db)?.noteFailure(error)) throw error;
      return sendMemoryAnswer(stale, request, reply);
    }
  };
  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = pathOf(request.url);
    if (pathname === undefined) return reply.status(400).type('text/plain').send('Malformed URL');
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const segments = pathname.split('/').filter(Boolean);
    const isAppScreen = APP_SCREEN_SEGMENTS.has((segments[0] ?? '').toLowerCase());
    const url = !isAppScreen && segments.length <= MAX_CONTENT_PATH_SEGMENTS ? normalizePageUrl(pathname) : undefined;
    const page = url === undefined ? undefined : await app.pageCache.pageByUrl(url);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    const notFound = async () =>
      sendOnce(request, reply.status(404), render({ page: null, menu: await app.pageCache.menu(), path: pathname }, null));
    if (!isAppScreen && !page) return notFound();
    // Kept in memory: each page at its own URL, and each app screen's top path (a bounded set). Other spellings
    // ("/About", "/about/", "/admin/person/7") are rendered each time, as visitors may invent any number of them.
    const isKept = page ? pathname === page.url : segments.length === 1;
    if (!isKept)
      return sendOnce(request, reply, render({ page: page ?? null, menu: await app.pageCache.menu(), path: pathname }, page ?? null));
    reply.header('vary', 'accept-encoding');
    const key = answerKey(pathname);
    const answer =
      app.pageCache.peek<MemoryAnswer>(key) ??
      (await app.pageCache.derive(key, memoryAnswerOf({ pathname, url, isAppScreen, headers: reply.getHeaders() as OutgoingHttpHeaders })));
    if (!answer) return notFound();
    return sendMemoryAnswer(answer, request, reply);
  };
  /**
   * How the kept answer of a path is made (undefined when its page is gone). The page cache makes it again when
   * listening resumes after an outage (decision 032), so it holds the first request's headers, never the request:
   * made out here, it closes over nothing of the request's handler.
   */
  const memoryAnswerOf =
    (target: { pathname: string; url: string | undefined; isAppScreen: boolean; headers: OutgoingHttpHeaders }) => async () => {
      const { pathname, url, isAppScreen, headers } = target;
      // Read again in here: a page read before a change was heard of must not be kept after it. The change
      // clears the cache, and only reads that start after that may fill it again.
      const current = url === undefined ? undefined : await app.pageCache.pageByUrl(url);
      if (!isAppScreen && !current) return undefined;
      const data = { page: current ?? null, menu: await app.pageCache.menu(), path: pathname };
      const html = render(data, current ?? null);
      // Unchanged since the outage copy was made (made again after a reconnection, or during an outage): no need to
      // compress it again.
      const previous = app.pageCache.peekStale<MemoryAnswer>(answerKey(pathname));
      if (previous?.bodies.identity.equals(Buffer.from(html))) return previous;
      return toMemoryAnswer(headers, await precompress(html));
    };
  const sendOnce = async (request: FastifyRequest, reply: FastifyReply, html: string) => {
    const compressed = await compressOnce(html, request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    return compressed ? reply.header('content-encoding', compressed.encoding).send(compressed.body) : reply.send(html);
  };
  const sendMemoryAnswer = (answer: MemoryAnswer, request: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', 'accept-encoding').header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    reply.header('etag', answer.etag);
    if (isFresh(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    // With Content-Encoding set, the compression plugin leaves the answer as it is.
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(answer.bodies[encoding ?? 'identity']);
  };
}

/**
 * A whole answer kept in memory: the body in each encoding, the headers that go with each, and its entity tag
 * (weak: the encodings differ in bytes, not in content) with the headers of a 304 answer to a revalidation.
 */
type MemoryAnswer = {
  bodies: PrecompressedBody;
  headers: Record<keyof PrecompressedBody, OutgoingHttpHeaders>;
  etag: string;
  notModifiedHeaders: OutgoingHttpHeaders;
};

/** If-None-Match against an entity tag, compared weakly as RFC 9110 §13.1.2 asks for GET. */
function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

const answerKey = (pathname: string) => `answer:${pathname}`;

/** The decoded path of a request URL without its query; undefined when it is not valid percent-encoding. */
function pathOf(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%')) return path; // nothing to decode (every page request of the shop's own links)
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** Headers that belong to one request or one answer, never replayed from memory to other visitors. */
const isPerRequestHeader = (name: string) =>
  ['content-length', 'content-encoding', 'set-cookie', 'x-request-id', 'date'].includes(name) || name.startsWith('access-control-');

function toMemoryAnswer(replyHeaders: OutgoingHttpHeaders, bodies: PrecompressedBody): MemoryAnswer {
  const common = Object.fromEntries(Object.entries(replyHeaders).filter(([name]) => !isPerRequestHeader(name.toLowerCase())));
  const etag = `W/"${createHash('sha256').update(bodies.identity).digest('base64url').slice(0, 32)}"`;
  const headersOf = (encoding: keyof PrecompressedBody): OutgoingHttpHeaders => ({
    ...common,
    etag,
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    'content-length': bodies[encoding].length,
  });
  const { 'content-type': _type, ...notModifiedHeaders } = common;
  return {
    bodies,
    headers: { identity: headersOf('identity'), br: headersOf('br'), gzip: headersOf('gzip') },
    etag,
    notModifiedHeaders: { ...notModifiedHeaders, etag },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MAX_CONTENT_PATH_SEGMENTS } from '@store/contracts/constants';
import type { InitialData, Page } from '@store/contracts/page';
import type { FastifyInstance } from 'fastify';
import { isSandboxCheckout } from '../config.js';
import { normalizePageUrl } from '../modules/page/page.service.js';
import { pickEncoding, precompress } from './content-encoding.js';

/** First path segments that belong to the app's own screens, not to content pages. */
const appScreens = new Set([
  'login', 'messageview', 'userarea', 'activate', 'contactsupport', 'support', 'transferlicense',
  'directurlcheckout', 'purchase', 'sendlicensekey', 'admin',
]);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
/** JSON inside a <script type="application/json"> block: nothing may close the element. */
const toScriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

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
  const checkoutMeta = isSandboxCheckout(app.config)
    ? '<meta name="checkout-storefront" content="">'
    : `<meta name="checkout-storefront" content="${escapeHtml(app.config.FASTSPRING_STOREFRONT ?? '')}">`;

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    serve: true,
    setHeaders: (response, filePath) => {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const render = (data: InitialData, page: Page | null) => {
    const title = page?.name ? `${escapeHtml(page.name)} | Plug-in Store` : 'Plug-in Store';
    const body = page ? `<main class="container content-page">${page.htmlText}</main>` : '';
    return template
      .replace(/<title>.*?<\/title>/s, `<title>${title}</title>`)
      .replace('<!--app-head-->', checkoutMeta)
      .replace('<!--app-html-->', body)
      .replace('<!--app-data-->', `<script type="application/json" id="initial-data">${toScriptJson(data)}</script>`);
  };

  // Content pages and the app's screens are the same for every visitor (the session lives in the browser), so
  // each is rendered and compressed once and kept until a page changes (decision 010). Unknown pages are
  // rendered each time: their paths are the visitors' to choose.
  const renderedPage = (pathname: string, page: Page | null) =>
    app.pageCache.derive(`html:${pathname}`, async () =>
      precompress(render({ page, menu: await app.pageCache.menu(), path: pathname }, page)),
    );

  app.get('/*', async (request, reply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const segments = pathname.split('/').filter(Boolean);
    const isAppScreen = appScreens.has((segments[0] ?? '').toLowerCase());
    const url = !isAppScreen && segments.length <= MAX_CONTENT_PATH_SEGMENTS ? normalizePageUrl(pathname) : undefined;
    const page = url === undefined ? undefined : await app.pageCache.pageByUrl(url);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!isAppScreen && !page) {
      return reply.status(404).send(render({ page: null, menu: await app.pageCache.menu(), path: pathname }, null));
    }
    const body = await renderedPage(pathname, page ?? null);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    // With Content-Encoding set, the compression plugin leaves the answer as it is.
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? body[encoding] : body.identity);
  });
}

import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { initialData } from '@store/contracts/page';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { buildApp } from '../app.js';

const t = await createTestApp();
// A stand-in for the built web app's index.html, so these tests do not depend on a web build.
const distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-web-app-'));
await fs.writeFile(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>App</title><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
);
const web = await buildApp({ config: { ...t.config, webDistDir: distDir }, db: t.db, isServingWebApp: true });
// Counts the requests Fastify routed; an answer sent from memory never reaches it.
let routedRequests = 0;
web.addHook('onRequest', async () => {
  routedRequests += 1;
});
await web.listen({ port: 0, host: '127.0.0.1' });
const { port } = web.server.address() as { port: number };

afterAll(async () => {
  await web.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** A request over a real connection (inject would skip the server's front handler), the body decoded by hand. */
function send(pathname: string, options: { method?: string; acceptEncoding?: string; ifNoneMatch?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = {
      ...(options.acceptEncoding === undefined ? {} : { 'accept-encoding': options.acceptEncoding }),
      ...(options.ifNoneMatch === undefined ? {} : { 'if-none-match': options.ifNoneMatch }),
    };
    const request = http.request({ host: '127.0.0.1', port, path: pathname, method: options.method ?? 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: decoded.toString('utf8') });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Headers that must be the same whether Fastify or the memory answered (Date and the connection's aside). */
const stableHeaders = ({ date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest }: http.IncomingHttpHeaders) => rest;

/** The answer kept in memory for a path, if any: the same object while nothing changed. */
const kept = (path: string) => web.pageCache.peek<object>(`answer:${path}`);

describe('content pages served from memory', () => {
  it('renders and compresses a page once, then answers it from memory, through Fastify, in every encoding', async () => {
    const routedBefore = routedRequests;
    const first = await send('/products/spacey', { acceptEncoding: 'gzip' });
    expect(first.status).toBe(200);
    expect(first.text).toContain('<shop-price product="spacey">');
    const answer = kept('/products/spacey');
    expect(answer).toBeDefined();

    const again = await send('/products/spacey?utm_source=newsletter', { acceptEncoding: 'gzip' });
    expect(stableHeaders(again.headers)).toEqual(stableHeaders(first.headers));
    expect(again.text).toBe(first.text);
    expect(again.headers['content-security-policy']).toContain('https://*.onfastspring.com');
    expect(again.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding', 'cache-control': 'no-cache' });

    const brotli = await send('/products/spacey', { acceptEncoding: 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.text).toBe(first.text);
    const plain = await send('/products/spacey');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(first.text));
    expect(plain.text).toBe(first.text);
    // Every request went through Fastify (its hooks, limits and log line); the page was rendered once.
    expect(routedRequests).toBe(routedBefore + 4);
    expect(kept('/products/spacey')).toBe(answer);
  });

  it('answers a kept page without looking the page or the menu up again (the hot path: one map lookup)', async () => {
    await send('/products/spacey', { acceptEncoding: 'gzip' });
    expect(kept('/products/spacey')).toBeDefined();
    const { pageByUrl, menu } = web.pageCache;
    let lookups = 0;
    web.pageCache.pageByUrl = (url) => ((lookups += 1), pageByUrl(url));
    web.pageCache.menu = () => ((lookups += 1), menu());
    try {
      const again = await send('/products/spacey', { acceptEncoding: 'gzip' });
      expect(again.status).toBe(200);
      expect(again.text).toContain('<shop-price product="spacey">');
      expect(again.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding', 'cache-control': 'no-cache' });
      expect(again.headers['content-security-policy']).toContain('https://*.onfastspring.com');
      expect(lookups).toBe(0);
      // Any other spelling still goes the whole way.
      expect((await send('/Products/Spacey')).status).toBe(200);
      expect(lookups).toBeGreaterThan(0);
    } finally {
      web.pageCache.pageByUrl = pageByUrl;
      web.pageCache.menu = menu;
    }
  });

  it('forgets the answer when a page changes, also when another process changed it', async () => {
    const token = await t.adminToken();
    await send('/about');
    const about = (await t.request({ method: 'GET', url: '/api/page/byUrl/*about' })).json();
    // Saved through another app instance: this one hears of it through the database's notification only.
    const saved = await t.request({ method: 'POST', url: '/api/page/', token, body: { ...about, htmlText: '<h1>About us, revised</h1>' } });
    expect(saved.statusCode).toBe(200);
    await expect.poll(async () => (await send('/about')).text, { timeout: 5_000 }).toContain('About us, revised');

    // The menu is in every page's initial data: a new menu entry reaches the cached product page too.
    await send('/products/spacey');
    const created = await t.request({
      method: 'POST',
      url: '/api/page/',
      token,
      body: { id: -1, name: 'Press room', url: '/press-room', htmlText: '<h1>Press</h1>', isMainMenu: true, mainMenuPriority: 9 },
    });
    expect(created.statusCode).toBe(200);
    await expect.poll(async () => (await send('/products/spacey')).text, { timeout: 5_000 }).toContain('Press room');
  });

  it('forgets only the page a change touched, unless the menu changed, in this process and in others', async () => {
    const token = await t.adminToken();
    await send('/products/spacey');
    await send('/about');
    const spacey = kept('/products/spacey');
    const about = (await t.request({ method: 'GET', url: '/api/page/byUrl/*about' })).json();
    // Saved through another app instance: this one hears of it through the notification, which names the page.
    await t.request({ method: 'POST', url: '/api/page/', token, body: { ...about, htmlText: '<h1>About, once more</h1>' } });
    await expect.poll(async () => (await send('/about')).text, { timeout: 5_000 }).toContain('About, once more');
    expect(kept('/products/spacey')).toBe(spacey);

    // Saved through this instance: forgotten at once, the other pages kept.
    const saved = await web.inject({
      method: 'POST',
      url: '/api/page/',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...about, htmlText: '<h1>About, a third time</h1>' },
    });
    expect(saved.statusCode).toBe(200);
    expect(kept('/about')).toBeUndefined();
    expect(kept('/products/spacey')).toBe(spacey);
  });

  it('keeps no answer for unknown pages, other spellings of a page or deeper app screens', async () => {
    expect((await send('/no/such/page')).status).toBe(404);
    expect((await send('/no/such/page')).status).toBe(404);
    // Visitors may invent any number of these: rendered each time, never kept.
    for (const spelling of ['/About', '/about/', '/About', '/admin/person/7', '/admin/person/7']) {
      const answer = await send(spelling, { acceptEncoding: 'gzip' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], spelling).toBe('gzip');
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(answer.text).toContain('<script type="application/json" id="initial-data">');
    }
    // Sent once, compressed when the client takes it (gzip, off the event loop), else as it is.
    const unknown = await send('/no/such/page', { acceptEncoding: 'br, gzip' });
    expect(unknown.headers['content-encoding']).toBe('gzip');
    expect(unknown.text).toContain('<div id="root">');
    const plain = await send('/no/such/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('<div id="root">');
    for (const path of ['/no/such/page', '/About', '/about/', '/admin/person/7']) expect(kept(path), path).toBeUndefined();
    expect((await send('/products/spacey', { method: 'POST' })).status).toBe(404);
    expect((await send('/api/page/menuitems')).status).toBe(200);

    // An app screen's top path is kept like a page.
    await send('/login');
    const login = kept('/login');
    expect(login).toBeDefined();
    expect((await send('/login')).status).toBe(200);
    expect(kept('/login')).toBe(login);
  });

  it('answers a revalidation with 304 while the page is unchanged, over HTTP and injected alike', async () => {
    const first = await send('/products/spacey', { acceptEncoding: 'gzip' });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[\w-]{32}"$/);
    const revalidated = await send('/products/spacey', { acceptEncoding: 'br', ifNoneMatch: `"other", ${etag}` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.headers).toMatchObject({ etag, 'cache-control': 'no-cache', vary: 'accept-encoding' });
    // The security headers (plugins/security.ts) on every kind of answer: kept, revalidated, rendered once.
    for (const answer of [first, revalidated, await send('/no/such/page', { acceptEncoding: 'gzip' })]) {
      expect(answer.headers['content-security-policy']).toContain("script-src 'self' https://*.onfastspring.com");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    const injected = await web.inject({ method: 'GET', url: '/products/spacey', headers: { 'if-none-match': etag } });
    expect(injected.statusCode).toBe(304);
    expect(injected.body).toBe('');
    expect((await send('/products/spacey', { ifNoneMatch: 'W/"stale"' })).status).toBe(200);

    // A changed page has another tag: the old one gets the whole page again.
    const token = await t.adminToken();
    const spacey = (await t.request({ method: 'GET', url: '/api/page/byUrl/*products*spacey' })).json();
    await t.request({
      method: 'POST',
      url: '/api/page/',
      token,
      body: { ...spacey, htmlText: `${spacey.htmlText}<p>New preset pack</p>` },
    });
    await expect.poll(async () => (await send('/products/spacey', { ifNoneMatch: etag })).status, { timeout: 5_000 }).toBe(200);
    expect((await send('/products/spacey', { ifNoneMatch: etag })).text).toContain('New preset pack');
  });

  it('refuses a malformed URL with 400', async () => {
    const answer = await send('/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(answer.text).toBe('Malformed URL');
  });
});

describe('what the page tells the app about the server', () => {
  it('offers the development mailbox only while no SMTP is configured', async () => {
    expect((await web.inject({ method: 'GET', url: '/about' })).body).toContain('<meta name="dev-mailbox" content="on">');
    const withSmtp = await buildApp({
      config: { ...t.config, webDistDir: distDir, SMTP_URL: 'smtp://mail.example.com:587' },
      db: t.db,
      isServingWebApp: true,
    });
    try {
      const page = await withSmtp.inject({ method: 'GET', url: '/about' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<meta name="checkout-storefront"');
      expect(page.body).not.toContain('dev-mailbox');
    } finally {
      await withSmtp.close();
    }
  });
});

describe('the access key of the Store Builder Library (decision 036)', () => {
  it('is in the page only when configured, for the script tag that secure payloads need', async () => {
    expect((await web.inject({ method: 'GET', url: '/about' })).body).not.toContain('checkout-access-key');
    const withKey = await buildApp({
      config: { ...t.config, webDistDir: distDir, FASTSPRING_ACCESS_KEY: 'AK"12<3' },
      db: t.db,
      isServingWebApp: true,
    });
    try {
      const page = await withKey.inject({ method: 'GET', url: '/about' });
      expect(page.body).toContain('<meta name="checkout-access-key" content="AK&quot;12&lt;3">');
    } finally {
      await withKey.close();
    }
  });
});

describe('what a page holds and where the app lives', () => {
  it("serves a page's text as it is, dollar signs and all, with one copy of the template around it", async () => {
    const token = await t.adminToken();
    const html = "<h1>Pre\u00E7o</h1><p>R$&nbsp;49, or $' and $` and $$ and $& as typed</p>";
    const saved = await t.request({
      method: 'POST',
      url: '/api/page/',
      token,
      body: { id: -1, name: 'Pre\u00E7os $& R$', url: '/precos-em-reais', htmlText: html, isMainMenu: false, mainMenuPriority: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { status, text } = await send('/precos-em-reais');
    expect(status).toBe(200);
    expect(text).toContain(`<main class="container content-page">${html}</main>`);
    expect(text).toContain('<title>Pre\u00E7os $&amp; R$ | Plug-in Store</title>');
    expect(text.match(/<div id="root">/g)).toHaveLength(1);
    const json = /<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(text)?.[1];
    expect(initialData.parse(JSON.parse(json!)).page?.htmlText).toBe(html);
    // A visitor's path is the visitor's: it changes nothing of the template either.
    const unknown = await send("/no-such-page-$'-$`");
    expect(unknown.status).toBe(404);
    expect(unknown.text.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('answers the mailed confirmation link with the app, not 404', async () => {
    const answer = await send('/account/confirm/some-token');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('id="initial-data"');
  });
});

describe("the page's initial data", () => {
  it("is what the contract's schema accepts, for a content page, an unknown page and an app screen", async () => {
    for (const pathname of ['/about', '/no/such/page', '/userarea']) {
      const { text } = await send(pathname);
      const json = /<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(text)?.[1];
      expect(json, pathname).toBeDefined();
      const data = initialData.parse(JSON.parse(json!));
      expect(data.path, pathname).toBe(pathname);
      if (pathname === '/about') expect(data.page?.url).toBe('/about');
    }
  });
});

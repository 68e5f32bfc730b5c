import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REQUEST_BODY_LIMIT_BYTES } from '@store/contracts/constants';
import { SERIALS_MAX_BYTES, serialsByteLength } from '@store/contracts/product';
import { describe, expect, it } from 'vitest';
import { buildApp, productLogger } from './app.js';
import { customerWithLicence } from './modules/licence/licence.test-factory.js';
import { createUnsubscribeToken } from './modules/release/unsubscribe-token.js';
import { transferTokenSecretOf } from './modules/transfer/index.js';
import { createTestApp, uniqueEmail, uniqueIp } from '../test/test-app.js';

const t = await createTestApp();

const BODY_LIMIT = REQUEST_BODY_LIMIT_BYTES;

describe('request-size limit', () => {
  it('refuses a JSON body over 2 MB with 413 and plain text, and writes nothing', async () => {
    const email = uniqueEmail('huge');
    const body = { email, password: 'x'.repeat(BODY_LIMIT) };
    const response = await t.request({ method: 'POST', url: '/api/register', body, ip: uniqueIp() });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('The request is too large.');
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM login WHERE login_name = $1', [email]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a serial list over the body limit and writes none of it, but takes the largest one a save sends', async () => {
    const token = await t.adminToken();
    const {
      rows: [product],
    } = await t.db.query(`SELECT id FROM product WHERE name = 'Tapewarm'`);
    // Long serials keep the row count low: each takes 402 bytes of JSON, 400 characters and an escaped newline.
    const serialList = (bytes: number) => {
      const serials = Array.from({ length: Math.floor(bytes / 402) }, (_, index) => String(index).padStart(400, 'S'));
      return { id: product.id, serials: serials.join('\n') };
    };
    const serialCount = async () =>
      (await t.db.query('SELECT count(*)::int AS n FROM product_serial WHERE product_id = $1', [product.id])).rows[0].n as number;

    const tooLarge = await t.request({ method: 'POST', url: '/api/productserial/', token, body: serialList(BODY_LIMIT + 1024) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.body).toBe('The request is too large.');
    expect(await serialCount()).toBe(0);

    // The serials' own limit leaves 1 KiB of the body for the rest of it (the contracts' SERIALS_MAX_BYTES).
    const justUnder = serialList(SERIALS_MAX_BYTES - 100);
    expect(serialsByteLength(justUnder.serials)).toBeGreaterThan(SERIALS_MAX_BYTES - 1024);
    expect(serialsByteLength(justUnder.serials)).toBeLessThanOrEqual(SERIALS_MAX_BYTES);
    const underLimit = await t.request({ method: 'POST', url: '/api/productserial/', token, body: justUnder });
    expect(underLimit.statusCode).toBe(200);
    expect(await serialCount()).toBe(justUnder.serials.split('\n').length);
  });

  it('refuses a raw webhook body over the limit before checking its signature', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/fastspring/webhook',
      headers: { 'content-type': 'application/json' },
      payload: `{"events":[],"padding":"${'x'.repeat(BODY_LIMIT)}"}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.body).toBe('The request is too large.');
  });
});

describe('API reference', () => {
  it('serves the OpenAPI UI at /api/docs, its scripts loading from this origin as the content security policy asks', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="swagger-ui">');
    const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map((match) => /src="([^"]+)"/.exec(match[1]!)?.[1]);
    expect(scripts).toContainEqual(expect.stringMatching(/swagger-initializer\.js$/));
    for (const source of scripts) {
      expect(source).toBeDefined();
      const script = await t.request({ method: 'GET', url: new URL(source!, 'http://localhost/api/docs/').pathname });
      expect(script.statusCode).toBe(200);
    }
  });

  it('serves the OpenAPI document listing the calls of the specification', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/login/', '/api/userinfo/registerproductfordevice', '/api/fastspring/webhook', '/api/page/byUrl/{url}']),
    );
    expect(document.paths['/api/login/']).toHaveProperty('post');
    expect(document.paths['/api/userinfo/registerproductfordevice']).toHaveProperty('post');
    expect(document.paths['/api/fastspring/webhook']).toHaveProperty('post');
  });
});

describe('texts PostgreSQL cannot store', () => {
  it('refuses a JSON body holding a NUL character with 400 before any handler runs', async () => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM rate_limit')).rows[0].n as number;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userinfo/registerproductfordevice',
      headers: { 'content-type': 'application/json' },
      payload: '{"ProductName":"Spacey","Key":"SER\\u0000-1","DeviceIdHash":"0123456789ABCDEF0123456789ABCDEF","DeviceName":"Studio"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('Texts must not contain NUL characters.');
    expect((await t.db.query('SELECT count(*)::int AS n FROM rate_limit')).rows[0].n).toBe(before);
    // The escaped text of a backslash followed by "u0000" is no NUL.
    const literal = await t.request({
      method: 'POST',
      url: '/api/userinfo/registerproductfordevice',
      body: { ProductName: 'Spacey', Key: 'SER\\u0000', DeviceIdHash: '0123456789ABCDEF0123456789ABCDEF', DeviceName: 'Studio' },
    });
    expect(literal.statusCode).toBe(400);
    expect(literal.body).toBe('This key does not belong to an active licence of Spacey.');
  });
});

describe('the request log', () => {
  it('writes one JSON line per request, with its status and duration, and no credentials', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await buildApp({
      config: t.config,
      db: t.db,
      logger: productLogger('info', { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) }),
    });
    try {
      await app.ready();
      lines.length = 0;
      const response = await app.inject({
        method: 'GET',
        url: '/api/userinfo/products',
        headers: { authorization: 'Bearer secret-token-value', cookie: 'device=secret-cookie-value', 'x-request-id': 'proxy-request-7' },
      });
      expect(response.statusCode).toBe(401);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        msg: 'request completed',
        reqId: 'proxy-request-7', // Fastify's request id: the proxy's X-Request-Id, else its own
        req: { method: 'GET', url: '/api/userinfo/products' },
        res: { statusCode: 401 },
      });
      expect(typeof lines[0]!.responseTime).toBe('number');
      // Who asked for what, never the headers (where tokens and cookies travel).
      expect(Object.keys(lines[0]!.req as object).sort()).toEqual(['host', 'method', 'remoteAddress', 'url']);
      expect(JSON.stringify(lines)).not.toMatch(/secret-token-value|secret-cookie-value/);
      // Without tracing (tracing.api.test.ts has it on), no trace fields.
      expect(lines[0]).not.toHaveProperty('trace_id');

      lines.length = 0;
      await app.inject({ method: 'GET', url: '/api/userinfo/products' });
      expect(lines[0]!.reqId).toMatch(/^req-/);
    } finally {
      await app.close();
    }
  });

  // Review docs/reviews/2026-11-28-production.md, P1: the token of a mailed link is the whole credential (an
  // account link sets the login's password), and opening the link is a request to this server (the web app).
  it("leaves the token of every mailed link out of the line, and keeps the link's path", async () => {
    const lines: string[] = [];
    const distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'request-log-'));
    await fs.writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>App</title><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
    );
    const app = await buildApp({
      config: { ...t.config, webDistDir: distDir },
      db: t.db,
      isServingWebApp: true,
      logger: productLogger('info', { write: (line) => void lines.push(line) }),
    });
    try {
      // A registration's confirmation link, as mailed (purchase, activation, transfer and staff-invitation links
      // have the same path); a release mail's unsubscribe page and its one-click address (release-mail.service.ts).
      const registered = await t.registerCustomer(undefined, { isProven: false });
      const accountToken = await t.accountLinkTokenOf(registered.email);
      const owner = await customerWithLicence(t);
      const { rows } = await t.db.query<{ id: number }>('SELECT id FROM person WHERE email = $1', [owner.email]);
      const unsubscribeToken = createUnsubscribeToken(transferTokenSecretOf(t.config), rows[0]!.id);
      await app.ready();
      lines.length = 0;

      const opened = await app.inject({ method: 'GET', url: `/account/confirm/${accountToken}`, remoteAddress: uniqueIp() });
      expect(opened.statusCode).toBe(200);
      const unsubscribePage = await app.inject({ method: 'GET', url: `/unsubscribe/${unsubscribeToken}` });
      expect(unsubscribePage.statusCode).toBe(200);
      const oneClick = await app.inject({
        method: 'POST',
        url: `/api/release-mail/unsubscribe?token=${unsubscribeToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);

      const leaking = lines.filter((line) => line.includes(accountToken) || line.includes(unsubscribeToken));
      expect(leaking, `log lines carrying a link's token:\n${leaking.join('\n')}`).toEqual([]);
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
      expect(logged.filter((line) => line.msg === 'request completed').map((line) => line.req!.url)).toEqual([
        '/account/confirm/:token',
        '/unsubscribe/:token',
        '/api/release-mail/unsubscribe?token=:token',
      ]);
    } finally {
      await app.close();
      await fs.rm(distDir, { recursive: true, force: true });
    }
  });
});

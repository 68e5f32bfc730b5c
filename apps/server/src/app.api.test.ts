import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, uniqueIp } from '../test/test-app.js';

const t = await createTestApp();

const BODY_LIMIT = 2 * 1024 * 1024;

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

  it('refuses a serial list over the limit and writes none of it, but takes one just under the limit', async () => {
    const token = await t.adminToken();
    const { rows: [product] } = await t.db.query(`SELECT id FROM product WHERE name = 'Tapewarm'`);
    const serialList = (bytes: number) => {
      const lines: string[] = [];
      // Each serial takes 21 bytes of JSON: 19 characters and an escaped newline.
      for (let index = 0; JSON.stringify({ id: product.id, serials: lines.join('\n') }).length + 21 <= bytes; index++) {
        lines.push(`SERIAL-${String(index).padStart(12, '0')}`);
      }
      return { id: product.id, serials: lines.join('\n') };
    };
    const serialCount = async () =>
      (await t.db.query('SELECT count(*)::int AS n FROM product_serial WHERE product_id = $1', [product.id])).rows[0].n as number;

    const tooLarge = await t.request({ method: 'POST', url: '/api/productserial/', token, body: serialList(BODY_LIMIT + 100) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.body).toBe('The request is too large.');
    expect(await serialCount()).toBe(0);

    const justUnder = serialList(BODY_LIMIT - 100);
    expect(JSON.stringify(justUnder).length).toBeGreaterThan(BODY_LIMIT - 200);
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
  it('serves the OpenAPI UI at /api/docs', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
    const script = await t.request({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
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

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { giveLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';
import { ADDRESS_CHANGE_NEEDS_ADMIN } from '../person/person.service.js';
import { findProductByName } from '../product/product.service.js';

// API keys for the vendor's scripts (decision 052): created with scopes, shown once, stored hashed, checked on
// every call of /api/v1 by the resource's policy, revocable, audited, rate-limited.
const t = await createTestApp();

const admin = async (method: string, url: string, body?: unknown) => {
  const response = await t.request({ method, url, token: await t.adminToken(), body });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json() as Record<string, unknown>;
};
type CreatedKey = { id: number; token: string; prefix: string; lastUsedAt: string | null };
const createKey = async (scopes: string[], name = `script ${scopes.join('+')}`) =>
  (await admin('POST', '/api/admin/api-keys', { name, scopes })) as unknown as CreatedKey;
const call = (token: string, method: string, url: string, body?: unknown) => t.request({ method, url, token, body });
const auditOf = async (entity: string, entityId?: number) =>
  (
    await t.db.query<{ record: string; actor: string }>(
      `SELECT action || ' ' || entity AS record, actor FROM audit_log WHERE entity = $1 AND ($2::text IS NULL OR entity_id = $2) ORDER BY id`,
      [entity, entityId === undefined ? null : String(entityId)],
    )
  ).rows;

describe('API keys', () => {
  it('shows the token once, keeps only its SHA-256, and audits the creation', async () => {
    const key = await createKey(['orders:read']);
    expect(key.token).toMatch(/^psk_[\w-]{43}$/);
    expect(key.token.startsWith(key.prefix)).toBe(true);
    const { rows } = await t.db.query<{ token_hash: Buffer }>('SELECT token_hash FROM api_key WHERE id = $1', [key.id]);
    expect(rows[0]!.token_hash.equals(createHash('sha256').update(key.token).digest())).toBe(true);
    const stored = await t.db.query('SELECT * FROM api_key WHERE id = $1', [key.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(key.token.slice(key.prefix.length));
    const listed = await admin('GET', '/api/admin/api-keys');
    expect(JSON.stringify(listed)).not.toContain(key.token);
    expect(await auditOf('api-key', key.id)).toEqual([{ record: 'create api-key', actor: 'admin' }]);
  });

  it('refuses a call without a key or with an unknown one (401), and a key without the scope (403)', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/licences' })).statusCode).toBe(401);
    expect((await call('psk_unknown', 'GET', '/api/v1/licences')).statusCode).toBe(401);
    // A session token of the administrator is not an API key.
    expect((await call(await t.adminToken(), 'GET', '/api/v1/licences')).statusCode).toBe(401);
    const dashboardOnly = await createKey(['dashboard:read']);
    for (const [method, url, body] of [
      ['GET', '/api/v1/licences'],
      ['GET', '/api/v1/licences/1'],
      ['POST', '/api/v1/licences', { productId: 1, personId: 1 }],
      ['GET', '/api/v1/persons'],
      ['POST', '/api/v1/persons', { id: 0, email: uniqueEmail('refused'), name: 'Refused' }],
      ['POST', '/api/v1/licences/1/revoke', { reason: 'Refused', removeDevices: true }],
    ] as const) {
      const response = await call(dashboardOnly.token, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.body).toBe('This API key does not have the scope this call needs.');
    }
    expect((await call(dashboardOnly.token, 'GET', '/api/v1/dashboard')).statusCode).toBe(200);
    const ordersOnly = await createKey(['orders:read']);
    expect((await call(ordersOnly.token, 'GET', '/api/v1/dashboard')).statusCode).toBe(403);
  });

  it('lists licences in pages and reads one licence with its computers', async () => {
    const key = await createKey(['orders:read']);
    const email = uniqueEmail('paged');
    const given = [await giveLicence(t, { email }), await giveLicence(t, { email }), await giveLicence(t, { email })];
    const filter = JSON.stringify({ person: email });
    const first = await call(key.token, 'GET', `/api/v1/licences?pageSize=10&filter=${encodeURIComponent(filter)}&sort=id`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total: 3, page: 0, pageSize: 10 });
    expect((first.json() as { rows: { id: number }[] }).rows.map((row) => row.id)).toEqual(given.map((licence) => licence.order.id));
    // Without paging parameters a script still gets a page, never the plain array.
    const plain = await call(key.token, 'GET', '/api/v1/licences');
    expect(plain.json()).toMatchObject({ page: 0, pageSize: expect.any(Number), total: expect.any(Number), rows: expect.any(Array) });
    const second = await call(key.token, 'GET', `/api/v1/licences?page=1&pageSize=10&filter=${encodeURIComponent(filter)}`);
    expect(second.json()).toMatchObject({ rows: [], total: 3, page: 1 });

    const one = await call(key.token, 'GET', `/api/v1/licences/${given[0]!.order.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: given[0]!.order.id, personEmail: email, devices: [] });
    expect((await call(key.token, 'GET', '/api/v1/licences/999999999')).statusCode).toBe(404);
  });

  it('grants a licence, audited under the key, and lists and saves persons with the persons scope', async () => {
    const key = await createKey(['licences:write', 'persons:manage'], 'CRM sync');
    const person = await call(key.token, 'POST', '/api/v1/persons', { id: 0, email: uniqueEmail('scripted'), name: 'Scripted Person' });
    expect(person.statusCode, person.body).toBe(200);
    const personId = (person.json() as { id: number }).id;
    const productId = (await findProductByName(t.db, 'Punch'))!.id;
    const granted = await call(key.token, 'POST', '/api/v1/licences', { productId, personId });
    expect(granted.statusCode, granted.body).toBe(200);
    const licence = granted.json() as { id: number; personId: number; productId: number };
    expect(licence).toMatchObject({ personId, productId });
    expect(await auditOf('order', licence.id)).toEqual([{ record: 'create order', actor: 'api-key:CRM sync' }]);
    expect(await auditOf('person', personId)).toEqual([{ record: 'create person', actor: 'api-key:CRM sync' }]);

    const persons = await call(key.token, 'GET', '/api/v1/persons?pageSize=10');
    expect(persons.json()).toMatchObject({ page: 0, pageSize: 10, total: expect.any(Number) });
    expect((await call(key.token, 'GET', `/api/v1/persons/${personId}`)).json()).toMatchObject({ id: personId, name: 'Scripted Person' });
  });

  it("changes a person's name but never their address, which moves their login (decision 085)", async () => {
    const key = await createKey(['persons:manage'], 'CRM sync');
    const customer = await t.registerCustomer();
    const { rows } = await t.db.query<{ id: number }>('SELECT person_id AS id FROM login WHERE login_name = $1', [customer.email]);
    const personId = rows[0]!.id;
    const moved = await call(key.token, 'POST', '/api/v1/persons', { id: personId, email: uniqueEmail('someone-else'), name: 'Renamed' });
    expect(moved.statusCode).toBe(403);
    expect(moved.body).toBe(ADDRESS_CHANGE_NEEDS_ADMIN);
    // Nothing changed: the person keeps the name and address, the login its name, and the owner still logs in.
    const { rows: after } = await t.db.query(
      'SELECT p.email, p.name, l.login_name FROM person p JOIN login l ON l.person_id = p.id WHERE p.id = $1',
      [personId],
    );
    expect(after).toEqual([{ email: customer.email, name: '', login_name: customer.email }]);
    await expect(t.logIn(customer.email, customer.password)).resolves.toBeTruthy();
    // The same address in another spelling, and a new name, are the script's to save.
    const renamed = await call(key.token, 'POST', '/api/v1/persons', {
      id: personId,
      email: customer.email.toUpperCase(),
      name: 'Renamed',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: personId, name: 'Renamed' });
  });

  it("reads a licence's computers without their key files (decision 085)", async () => {
    const key = await createKey(['orders:read']);
    const licence = await giveLicence(t, { email: uniqueEmail('computers') });
    const registered = await registerDevice(t, { ProductName: 'Spacey', Key: licence.order.serial_2048, DeviceIdHash: randomDeviceId() });
    expect(registered.statusCode).toBe(200);
    const one = await call(key.token, 'GET', `/api/v1/licences/${licence.order.id}`);
    expect(one.statusCode, one.body).toBe(200);
    const devices = (one.json() as { devices: Record<string, unknown>[] }).devices;
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ deviceIdHash: expect.any(String) });
    expect(devices[0]).not.toHaveProperty('deviceIdHashEncrypted');
    expect(one.body).not.toContain('Keyfile for');
  });

  it('revokes a licence with the grant-and-revoke scope only, audited under the key', async () => {
    const { order } = await giveLicence(t, { email: uniqueEmail('revoked-by-script') });
    const readOnly = await createKey(['orders:read', 'persons:manage', 'dashboard:read']);
    const refused = await call(readOnly.token, 'POST', `/api/v1/licences/${order.id}/revoke`, { reason: 'Fraud', removeDevices: true });
    expect(refused.statusCode).toBe(403);
    expect((await t.db.query<{ state: string }>('SELECT state FROM orders WHERE id = $1', [order.id])).rows[0]!.state).toBe('active');

    const key = await createKey(['licences:write'], 'Fraud desk');
    const revoked = await call(key.token, 'POST', `/api/v1/licences/${order.id}/revoke`, { reason: 'Fraud', removeDevices: true });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: order.id, state: 'revoked' });
    expect(await auditOf('order', order.id)).toEqual([{ record: 'revoke order', actor: 'api-key:Fraud desk' }]);
    const again = await call(key.token, 'POST', `/api/v1/licences/${order.id}/revoke`, { reason: 'Fraud', removeDevices: true });
    expect(again.statusCode).toBe(409);
    expect((await call(key.token, 'POST', '/api/v1/licences/999999999/revoke', { reason: 'Fraud', removeDevices: true })).statusCode).toBe(
      404,
    );
    expect((await call(key.token, 'POST', `/api/v1/licences/${order.id}/revoke`, { reason: '', removeDevices: true })).statusCode).toBe(
      400,
    );
  });

  it('pages a sort by a column with ties in one stable order: every licence exactly once', async () => {
    const key = await createKey(['orders:read']);
    const email = uniqueEmail('stable-paging');
    for (let index = 0; index < 12; index += 1) await giveLicence(t, { email, productName: index % 2 === 0 ? 'Spacey' : 'Punch' });
    const filter = encodeURIComponent(JSON.stringify({ person: email }));
    const idsOfPage = async (page: number) =>
      (
        (await call(key.token, 'GET', `/api/v1/licences?page=${page}&pageSize=10&sort=productName&filter=${filter}`)).json() as {
          rows: { id: number }[];
        }
      ).rows.map((row) => row.id);
    const seen = [...(await idsOfPage(0)), ...(await idsOfPage(1))];
    expect(new Set(seen).size).toBe(12);
    expect([...(await idsOfPage(0)), ...(await idsOfPage(1))]).toEqual(seen);
  });

  it('records when a key was last used', async () => {
    const key = await createKey(['dashboard:read']);
    expect(key.lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await call(key.token, 'GET', '/api/v1/dashboard')).statusCode).toBe(200);
    const listed = (await admin('GET', '/api/admin/api-keys')) as unknown as CreatedKey[];
    const lastUsedAt = listed.find((entry) => entry.id === key.id)!.lastUsedAt;
    expect(lastUsedAt).not.toBeNull();
    expect(new Date(lastUsedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a revoked key with 401, and audits the revocation', async () => {
    const key = await createKey(['orders:read']);
    expect((await call(key.token, 'GET', '/api/v1/licences')).statusCode).toBe(200);
    await admin('DELETE', `/api/admin/api-keys/${key.id}`);
    const refused = await call(key.token, 'GET', '/api/v1/licences');
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toBe('This API key is not valid or has been revoked.');
    expect((await auditOf('api-key', key.id)).map((entry) => entry.record)).toEqual(['create api-key', 'delete api-key']);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/api-keys/${key.id}`, token: await t.adminToken() })).statusCode).toBe(404);
  });

  it('rate-limits the calls of one key', async () => {
    const key = await createKey(['dashboard:read']);
    // Stands for a key that has used up its window.
    await t.db.query(`INSERT INTO rate_limit (key, window_start, hits) VALUES ($1, now(), 600)`, [`api-key-calls:${key.id}`]);
    const limited = await call(key.token, 'GET', '/api/v1/dashboard');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets only the administrator manage keys, and names the key scheme in the OpenAPI document', async () => {
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/admin/api-keys', token: customer.token })).statusCode).toBe(403);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/admin/api-keys',
          token: await t.adminToken(),
          body: { name: 'x', scopes: ['everything'] },
        })
      ).statusCode,
    ).toBe(400);
    const document = t.app.swagger() as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/v1/licences']!.get!.security).toEqual([{ apiKey: [] }]);
    // Every script call names the scheme, the revocation among them.
    const scriptCalls = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ call: `${method} ${path}`, operation })));
    expect(scriptCalls.map((entry) => entry.call)).toContain('post /api/v1/licences/{id}/revoke');
    for (const { call, operation } of scriptCalls) expect(operation.security, call).toEqual([{ apiKey: [] }]);
  });
});

import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { orderCompleted, postWebhook } from '../../../test/webhook-fixtures.js';
import { withTransaction } from '../../db/client.js';
import { webhookSecretOf } from '../checkout/webhook-signature.js';
import { giveLicence } from '../licence/licence.test-factory.js';
import { findProductByName } from '../product/product.service.js';
import { recordAudit } from './audit.service.js';

// An audit record is written in the transaction of the change it records: when the record cannot be written, the
// change is not made either. Here the audit log refuses the records of chosen entities, as a failing insert would.
const t = await createTestApp();

beforeAll(async () => {
  await t.db.query('CREATE TABLE refused_audit (entity text PRIMARY KEY)');
  await t.db.query(`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF EXISTS (SELECT 1 FROM refused_audit WHERE entity = NEW.entity) THEN RAISE EXCEPTION 'audit log unavailable'; END IF;
      RETURN NEW; END $$`);
  await t.db.query('CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()');
});

/** Sends the administrator's request while the audit log refuses records of `entity`; it must fail. */
async function failingWhileAuditRefused(entity: string, request: { method: string; url: string; body?: unknown }) {
  await t.db.query('INSERT INTO refused_audit (entity) VALUES ($1)', [entity]);
  try {
    const response = await t.request({ ...request, token: await t.adminToken() });
    expect(response.statusCode, response.body).toBe(500);
  } finally {
    await t.db.query('DELETE FROM refused_audit WHERE entity = $1', [entity]);
  }
}

const admin = async (method: string, url: string, body?: unknown) => {
  const response = await t.request({ method, url, token: await t.adminToken(), body });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

const hex = () => randomBytes(4).toString('hex');
const countRows = async (sql: string, values: unknown[]) => (await t.db.query<{ n: number }>(sql, values)).rows[0]!.n;

describe('a change whose audit record fails is not made', () => {
  it('pages: created, changed and deleted only with their record', async () => {
    const url = `/audit-${hex()}`;
    const page = { id: 0, name: 'Audited', url, htmlText: '<p>one</p>' };
    const served = async () => (await t.request({ method: 'GET', url: `/api/page/byUrl/${url.slice(1)}` })).json() as { htmlText: string };
    // The page cache is told of this process's own changes through `forget` (page.routes.ts).
    const forget = vi.spyOn(t.app.pageCache, 'forget');
    try {
      await failingWhileAuditRefused('page', { method: 'POST', url: '/api/page/', body: page });
      expect(await countRows('SELECT count(*)::int AS n FROM page WHERE url = $1', [url])).toBe(0);
      expect(forget).not.toHaveBeenCalled();

      const saved = (await admin('POST', '/api/page/', page)).json() as { id: number };
      expect(forget).toHaveBeenCalledTimes(1);
      // Read, so the page cache keeps it.
      expect(await served()).toMatchObject({ htmlText: '<p>one</p>' });
      forget.mockClear();

      await failingWhileAuditRefused('page', {
        method: 'POST',
        url: '/api/page/',
        body: { ...page, id: saved.id, htmlText: '<p>two</p>' },
      });
      await failingWhileAuditRefused('page', { method: 'DELETE', url: `/api/page/${saved.id}` });
      const { rows } = await t.db.query('SELECT html_text FROM page WHERE id = $1', [saved.id]);
      expect(rows).toEqual([{ html_text: '<p>one</p>' }]);
      // The page cache was not told of the changes that did not happen: the page is served as it is.
      expect(forget).not.toHaveBeenCalled();
      expect(await served()).toMatchObject({ htmlText: '<p>one</p>' });

      // A change that is made (with its record) is told, and served.
      await admin('POST', '/api/page/', { ...page, id: saved.id, htmlText: '<p>three</p>' });
      expect(forget).toHaveBeenCalledTimes(1);
      expect(forget).toHaveBeenCalledWith({ urls: [url, url], isMenuChanged: false });
      expect(await served()).toMatchObject({ htmlText: '<p>three</p>' });
    } finally {
      forget.mockRestore();
    }
  });

  it("logins: the administrator's Delete Login", async () => {
    const customer = await t.registerCustomer();
    await failingWhileAuditRefused('login', { method: 'DELETE', url: '/api/registration/', body: { email: customer.email } });
    await expect(t.logIn(customer.email, customer.password)).resolves.toEqual(expect.any(String));
  });

  it("installers: a product's downloads added, changed and removed", async () => {
    const product = (await findProductByName(t.db, 'Tapewarm'))!;
    const version = `7.${hex()}`;
    const installer = {
      id: 0,
      platform: 'windows',
      version,
      fileName: 'Tapewarm.exe',
      sizeBytes: 1000,
      sha256: 'b'.repeat(64),
      releaseDate: '2026-10-01',
      storage: 'url',
      location: 'https://cdn.example.com/Tapewarm.exe',
    };
    const path = `/api/product/${product.id}/downloads`;
    await failingWhileAuditRefused('product_download', { method: 'POST', url: path, body: installer });
    const countOfVersion = () => countRows('SELECT count(*)::int AS n FROM product_download WHERE version = $1', [version]);
    expect(await countOfVersion()).toBe(0);

    const listed = (await admin('POST', path, installer)).json() as { id: number; version: string }[];
    const id = listed.find((download) => download.version === version)!.id;
    await failingWhileAuditRefused('product_download', { method: 'POST', url: path, body: { ...installer, id, fileName: 'Other.exe' } });
    await failingWhileAuditRefused('product_download', { method: 'DELETE', url: `${path}/${id}` });
    const { rows } = await t.db.query('SELECT file_name FROM product_download WHERE id = $1', [id]);
    expect(rows).toEqual([{ file_name: 'Tapewarm.exe' }]);
  });

  it('activation codes: a batch created, a code deleted', async () => {
    const distributor = `Distributor ${hex()}`;
    const batch = { ProductName: 'Punch', DistributorName: distributor, NumberOfOrders: 2 };
    await failingWhileAuditRefused('activation-batch', { method: 'POST', url: '/api/order/unassigned/create/', body: batch });
    const countOfDistributor = () =>
      countRows('SELECT count(*)::int AS n FROM unassigned_order WHERE distributor_name = $1', [distributor]);
    expect(await countOfDistributor()).toBe(0);

    await admin('POST', '/api/order/unassigned/create/', batch);
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM unassigned_order WHERE distributor_name = $1 ORDER BY id LIMIT 1', [
      distributor,
    ]);
    await failingWhileAuditRefused('activation-code', { method: 'DELETE', url: `/api/order/unassigned/${rows[0]!.id}` });
    expect(await countOfDistributor()).toBe(2);
  });

  it("the sandbox's backdating of a licence", async () => {
    const { order } = await giveLicence(t, { email: uniqueEmail() });
    await failingWhileAuditRefused('order', { method: 'POST', url: '/sandbox/api/backdate', body: { orderId: order.id, days: 31 } });
    const { rows } = await t.db.query('SELECT license_activation_date FROM orders WHERE id = $1', [order.id]);
    expect(rows).toEqual([{ license_activation_date: order.license_activation_date }]);
  });
  it("the webhook log: an administrator's replay and settling by hand", async () => {
    const path = `unknown-${hex()}`;
    const event = orderCompleted({ email: uniqueEmail(), items: [{ product: path }] });
    expect((await postWebhook(t.app, [event], { secret: webhookSecretOf(t.config)! })).statusCode).toBe(200);
    const stateOfEvent = async () =>
      (await t.db.query('SELECT attention, resolved_at, resolved_by FROM webhook_event WHERE id = $1', [event.id])).rows[0];
    const waiting = await stateOfEvent();
    expect(waiting).toMatchObject({ attention: `unknown product path: ${path}`, resolved_at: null });

    await failingWhileAuditRefused('webhook_event', {
      method: 'POST',
      url: `/api/webhookEvent/${event.id}/replay`,
      body: { productOfPath: { [path]: 'Punch' } },
    });
    await failingWhileAuditRefused('webhook_event', {
      method: 'POST',
      url: `/api/webhookEvent/${event.id}/resolve`,
      body: { note: 'by hand' },
    });
    expect(await stateOfEvent()).toEqual(waiting);
    expect(await countRows('SELECT count(*)::int AS n FROM orders WHERE provider_order_id = $1', [event.data.id])).toBe(0);
  });
});

describe('recordAudit', () => {
  it("refuses a client outside the change's transaction, and writes inside one", async () => {
    const entry = { actor: 'ADM', action: 'update', entity: 'audit-probe', entityId: 1 } as const;
    const client = await t.db.connect();
    try {
      await expect(recordAudit(client, entry)).rejects.toThrow(
        "The audit of update audit-probe must be written in the change's transaction",
      );
    } finally {
      client.release();
    }
    await withTransaction(t.db, (transaction) => recordAudit(transaction, entry));
    expect(await countRows(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'audit-probe'`, [])).toBe(1);
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';

const t = await createTestApp();

type SavedProduct = { id: number; name: string; successorId?: number | null };

const saveProduct = async (body: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/product/',
    token: await t.adminToken(),
    body: { id: 0, name: `Plug ${randomBytes(4).toString('hex')}`, description: 'A plug-in', price: '49', ...body },
  });

const created = async (body: Record<string, unknown> = {}) => {
  const response = await saveProduct(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SavedProduct;
};

describe('a product’s successor (its next major version, decision 036)', () => {
  it('is saved, audited, kept when left out, shown to visitors, and cleared with null', async () => {
    const version1 = await created();
    const version2 = await created();

    const linked = await saveProduct({ id: version1.id, name: version1.name, successorId: version2.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ id: version1.id, successorId: version2.id });

    // A save that does not name it keeps it (older clients, the spec's product form).
    const kept = await saveProduct({ id: version1.id, name: version1.name, description: 'Still version 1' });
    expect(kept.json()).toMatchObject({ successorId: version2.id });

    const shop = (await t.request({ method: 'GET', url: '/api/product/' })).json() as SavedProduct[];
    expect(shop.find((product) => product.id === version1.id)).toMatchObject({ successorId: version2.id });
    expect(shop.find((product) => product.id === version2.id)).toMatchObject({ successorId: null });

    const { rows } = await t.db.query(
      `SELECT before, after FROM audit_log WHERE entity = 'product' AND entity_id = $1 AND action = 'update' ORDER BY id`,
      [String(version1.id)],
    );
    expect(rows[0]).toMatchObject({ before: { successorId: null }, after: { successorId: version2.id } });

    const cleared = await saveProduct({ id: version1.id, name: version1.name, successorId: null });
    expect(cleared.json()).toMatchObject({ successorId: null });
  });

  it('refuses itself and a product that does not exist', async () => {
    const product = await created();
    const itself = await saveProduct({ id: product.id, name: product.name, successorId: product.id });
    expect(itself.statusCode).toBe(400);
    expect(itself.body).toBe('successorId: A product cannot be its own successor');
    const missing = await saveProduct({ id: product.id, name: product.name, successorId: 999_999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toBe('successorId: Product not found');
  });
});

import type { Bundle } from '@store/contracts/bundle';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { findProductByName } from '../product/index.js';

// The back office's BUNDLES screen (decision 057): a bundle is made with the product it sells as, named and given its
// FastSpring path on the same screen, in one audited save.

const t = await createTestApp();
const hex = () => randomBytes(4).toString('hex');
const admin = async (method: string, url: string, body?: unknown) => t.request({ method, url, token: await t.adminToken(), body });
const productId = async (name: string) => (await findProductByName(t.db, name))!.id;
const auditOf = async (entity: string, entityId: number) =>
  (
    await t.db.query<{ action: string; before: unknown; after: unknown }>(
      'SELECT action, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id',
      [entity, String(entityId)],
    )
  ).rows;

describe('POST /api/bundle/ from the BUNDLES screen', () => {
  it('creates the product the bundle sells as, with its name and FastSpring path, and the bundle, both audited', async () => {
    const path = `studio-${hex()}`;
    const response = await admin('POST', '/api/bundle/', {
      bundleProductId: 0,
      name: `Studio ${path}`,
      path,
      partProductIds: [await productId('Punch'), await productId('Tapewarm')],
      prices: { USD: '49', EUR: '45' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as Bundle;
    expect(saved).toMatchObject({ name: `Studio ${path}`, path, rule: 'share', prices: { USD: '49.00', EUR: '45.00' } });
    const product = (await findProductByName(t.db, `Studio ${path}`))!;
    expect(saved.bundleProductId).toBe(product.id);
    // A bundle issues no licence of its own: no keys; its price in the shop is the bundle's.
    expect(product).toMatchObject({ path, price: '49.00', public_key: '', public_key_2048: '' });
    expect((await auditOf('product', product.id)).map((row) => row.action)).toEqual(['create']);
    expect((await auditOf('bundle', product.id)).map((row) => row.action)).toEqual(['create']);

    const listed = (await admin('GET', '/api/bundle/')).json() as Bundle[];
    expect(listed.find((bundle) => bundle.bundleProductId === product.id)).toEqual(saved);
  });

  it('renames the bundle and changes its path and rule in one save, recording each change', async () => {
    const path = `studio-${hex()}`;
    const parts = [await productId('Punch'), await productId('Tapewarm')];
    const created = (
      await admin('POST', '/api/bundle/', {
        bundleProductId: 0,
        name: `Studio ${path}`,
        path,
        partProductIds: parts,
        prices: { USD: '49' },
      })
    ).json() as Bundle;

    const edited = await admin('POST', '/api/bundle/', {
      bundleProductId: created.bundleProductId,
      name: `Studio Two ${path}`,
      path: `${path}-2`,
      partProductIds: [...parts, await productId('Spacey')],
      rule: 'fixed',
      prices: { USD: '79' },
      ownedPrices: { '1': { USD: '59' }, '2': { USD: '29' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: `Studio Two ${path}`,
      path: `${path}-2`,
      rule: 'fixed',
      ownedPrices: { '2': { USD: '29.00' } },
    });
    const productAudit = await auditOf('product', created.bundleProductId);
    expect(productAudit.map((row) => row.action)).toEqual(['create', 'update']);
    expect(productAudit[1]).toMatchObject({ before: { path }, after: { path: `${path}-2`, name: `Studio Two ${path}` } });
    const bundleAudit = await auditOf('bundle', created.bundleProductId);
    expect(bundleAudit.map((row) => row.action)).toEqual(['create', 'update']);
    expect(bundleAudit[1]).toMatchObject({ before: { rule: 'share' }, after: { rule: 'fixed' } });

    // Saved again unchanged: the product is not touched, so nothing is recorded of it.
    const again = await admin('POST', '/api/bundle/', {
      bundleProductId: created.bundleProductId,
      name: `Studio Two ${path}`,
      path: `${path}-2`,
      partProductIds: [...parts, await productId('Spacey')],
      rule: 'fixed',
      prices: { USD: '79' },
      ownedPrices: { '1': { USD: '59' }, '2': { USD: '29' } },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await auditOf('product', created.bundleProductId)).toHaveLength(2);
  });

  it('refuses a new bundle without a name, a path another product has, and saves nothing then', async () => {
    const parts = [await productId('Punch'), await productId('Tapewarm')];
    const nameless = await admin('POST', '/api/bundle/', { bundleProductId: 0, partProductIds: parts, prices: { USD: '49' } });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toMatch(/Name is required/);

    const name = `Studio ${hex()}`;
    const taken = await admin('POST', '/api/bundle/', {
      bundleProductId: 0,
      name,
      path: 'spacey',
      partProductIds: parts,
      prices: { USD: '49' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toMatch(/spacey is already the path of Spacey/);
    expect(await findProductByName(t.db, name)).toBeUndefined();
  });

  it('deletes the bundle (its product stays, no bundle any more), audited', async () => {
    const path = `studio-${hex()}`;
    const parts = [await productId('Punch'), await productId('Tapewarm')];
    const created = (
      await admin('POST', '/api/bundle/', {
        bundleProductId: 0,
        name: `Studio ${path}`,
        path,
        partProductIds: parts,
        prices: { USD: '49' },
      })
    ).json() as Bundle;
    expect((await admin('DELETE', `/api/bundle/${created.bundleProductId}`)).statusCode).toBe(200);
    const listed = (await admin('GET', '/api/bundle/')).json() as Bundle[];
    expect(listed.map((bundle) => bundle.bundleProductId)).not.toContain(created.bundleProductId);
    expect(await findProductByName(t.db, `Studio ${path}`)).toBeDefined();
    expect((await auditOf('bundle', created.bundleProductId)).map((row) => row.action)).toEqual(['create', 'delete']);
  });
});

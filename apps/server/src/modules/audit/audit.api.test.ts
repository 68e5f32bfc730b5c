import { randomBytes } from 'node:crypto';
import type { AuditEntry } from '@store/contracts/audit';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';

const t = await createTestApp();
type Page = { rows: AuditEntry[]; total: number };
const admin = async (method: string, url: string, body?: unknown) => t.request({ method, url, token: await t.adminToken(), body });

describe('audit log', () => {
  it('lists staff actions newest first, with who, what, which record and the state before and after', async () => {
    const url = `/audit-${randomBytes(3).toString('hex')}`;
    const created = (await admin('POST', '/api/page/', { id: -1, name: 'Audited', url, htmlText: 'x' })).json() as { id: number };
    await admin('DELETE', `/api/page/${created.id}`);
    const response = await admin(
      'GET',
      `/api/admin/audit?${new URLSearchParams({ filter: JSON.stringify({ entity: 'page', entityId: String(created.id) }) })}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page;
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.action)).toEqual(['delete', 'create']);
    expect(page.rows[1]).toMatchObject({ actor: 'admin', entity: 'page', entityId: String(created.id), before: '' });
    expect(JSON.parse(page.rows[1]!.after)).toEqual({ url, isPublished: true });
    expect(JSON.parse(page.rows[0]!.before)).toMatchObject({ url, name: 'Audited' });
  });

  it('sorts and filters by actor and action, and is for the administrator only', async () => {
    // Two actions on a page of this test's own: the listing is filtered to it, whatever other tests wrote.
    const url = `/audit-${randomBytes(3).toString('hex')}`;
    const created = (await admin('POST', '/api/page/', { id: -1, name: 'A', url, htmlText: 'x' })).json() as { id: number };
    expect((await admin('POST', '/api/page/', { ...created, name: 'B' })).statusCode).toBe(200);
    const listOf = async (query: Record<string, string>, filter: Record<string, string> = {}) => {
      const ownFilter = JSON.stringify({ entity: 'page', entityId: String(created.id), ...filter });
      return (await admin('GET', `/api/admin/audit?${new URLSearchParams({ ...query, filter: ownFilter })}`)).json() as Page;
    };

    const ascending = await listOf({ sort: 'id', desc: 'false' });
    expect(ascending.rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(ascending.rows[0]!.id).toBeLessThan(ascending.rows[1]!.id);
    expect((await listOf({})).rows.map((row) => row.action)).toEqual(['update', 'create']);
    const byAction = await listOf({}, { actor: 'ADM', action: 'create' });
    expect(byAction.rows).toEqual([expect.objectContaining({ id: ascending.rows[0]!.id, action: 'create', actor: 'admin' })]);
    expect((await listOf({}, { actor: 'support' })).rows).toEqual([]);
    expect((await admin('GET', '/api/admin/audit?sort=before')).statusCode).toBe(400);
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/admin/audit', token: customer.token })).statusCode).toBe(403);
  });
});

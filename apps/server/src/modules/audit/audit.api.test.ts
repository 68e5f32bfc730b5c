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
    await admin('POST', '/api/page/', { id: -1, name: 'A', url: `/audit-${randomBytes(3).toString('hex')}`, htmlText: 'x' });
    const ascending = (await admin('GET', '/api/admin/audit?sort=id&desc=false&pageSize=50')).json() as Page;
    expect(ascending.rows[0]!.id).toBeLessThan(ascending.rows.at(-1)!.id);
    const byAction = (
      await admin('GET', `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify({ actor: 'ADM', action: 'create' }))}`)
    ).json() as Page;
    expect(byAction.rows.length).toBeGreaterThan(0);
    expect(byAction.rows.every((row) => row.action === 'create' && row.actor === 'admin')).toBe(true);
    expect((await admin('GET', '/api/admin/audit?sort=before')).statusCode).toBe(400);
    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/admin/audit', token: customer.token })).statusCode).toBe(403);
  });
});

import type { Dashboard } from '@store/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { giveLicence } from '../licence/licence.test-factory.js';

// The dashboard's days are UTC days (the rollups' `utc_day`), whatever time zone PostgreSQL's sessions are in: nothing
// in the app sets one, and an embedded server takes its host's. This file's own database runs its sessions in UTC+14.

const t = await createTestApp();
const zone = 'Pacific/Kiritimati';

/** Puts this file's database in `zone`: the sessions opened from now on, and those the pool holds open. */
async function putSessionsIn(timeZone: string): Promise<void> {
  const { rows } = await t.db.query<{ name: string }>('SELECT current_database() AS name');
  await t.db.query(`ALTER DATABASE ${rows[0]!.name} SET timezone TO '${timeZone}'`);
  const sessions = await Promise.all(Array.from({ length: t.db.idleCount }, () => t.db.connect()));
  for (const session of sessions) {
    await session.query(`SET timezone TO '${timeZone}'`);
    session.release();
  }
}

describe('the dashboard in a session time zone other than UTC', () => {
  it('counts the revocations of its UTC days, as it counts sales and refunds', async () => {
    await putSessionsIn(zone);
    expect((await t.db.query<{ TimeZone: string }>('SHOW timezone')).rows[0]!.TimeZone).toBe(zone);
    const admin = await t.adminToken();
    // Revoked in the evening of the 9th, at noon on the 10th and early on the 11th, UTC.
    const revokedAt = ['2001-03-09T20:00:00Z', '2001-03-10T12:00:00Z', '2001-03-11T05:00:00Z'];
    for (const at of revokedAt) {
      const { order } = await giveLicence(t, { email: uniqueEmail('revoked') });
      const revoked = await t.request({
        method: 'POST',
        url: `/api/order/${order.id}/revoke`,
        token: admin,
        body: { reason: 'suspected fraud', removeDevices: true },
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      await t.db.query('UPDATE orders SET revoked_at = $2 WHERE id = $1', [order.id, at]);
    }

    const revocationsOn = async (day: string) => {
      const response = await t.request({ method: 'GET', url: `/api/admin/dashboard?period=day&from=${day}&to=${day}`, token: admin });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Dashboard).totals.revocations;
    };
    expect([await revocationsOn('2001-03-09'), await revocationsOn('2001-03-10'), await revocationsOn('2001-03-11')]).toEqual([1, 1, 1]);
  });
});

// A customer's removal of one of their computers (DELETE /api/userinfo/orderdevice/{id}) under the yearly limit of
// freed places (decision 041), when the same removal arrives twice at once.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { customerWithLicence, randomDeviceId, registerDevice } from '../licence/licence.test-factory.js';

const t = await createTestApp();

// Punch: two places freed a year without a code.
beforeAll(async () => {
  await t.db.query(`UPDATE product SET yearly_device_removals = 2 WHERE name = 'Punch'`);
  // The product cache forgets a product when PostgreSQL's notification of the change arrives.
  await vi.waitFor(async () => expect((await t.app.productCache.byName(t.db, 'Punch'))?.yearly_device_removals).toBe(2));
});

/**
 * Waits until `count` sessions of this database wait for a lock (the second of two requests for one row lock waits
 * behind the first, not on the session holding it).
 */
const waitForLockWaiters = (count: number) =>
  expect
    .poll(
      async () =>
        (
          await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n,
      { timeout: 10_000, interval: 20 },
    )
    .toBe(count);

describe('two removals of one computer at once', () => {
  it('free its place once: one answers 200, the other 404, and one freed place is counted', async () => {
    const owner = await customerWithLicence(t, 'Punch');
    for (let i = 0; i < 3; i++) {
      const response = await registerDevice(t, { ProductName: 'Punch', Key: owner.order.serial_new, DeviceIdHash: randomDeviceId() });
      expect(response.statusCode).toBe(200);
    }
    const { rows: devices } = await t.db.query<{ id: number }>('SELECT id FROM order_device WHERE order_id = $1 ORDER BY slot', [
      owner.order.id,
    ]);
    const remove = (id: number) => t.request({ method: 'DELETE', url: `/api/userinfo/orderdevice/${id}`, token: owner.token });

    // A double click on Delete (or two tabs, or a retried request): both requests read the computer, then wait for
    // the licence's row lock, which another session holds until both wait.
    const holder = await t.db.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [owner.order.id]);
      const first = remove(devices[0]!.id);
      const second = remove(devices[0]!.id);
      await waitForLockWaiters(2);
      await holder.query('COMMIT');
      const answers = [(await first).statusCode, (await second).statusCode].sort();
      expect(answers).toEqual([200, 404]);
    } finally {
      holder.release();
    }

    const { rows: releases } = await t.db.query('SELECT device_id_hash FROM device_release WHERE order_id = $1', [owner.order.id]);
    const { rows: left } = await t.db.query('SELECT id FROM order_device WHERE order_id = $1', [owner.order.id]);
    expect(releases).toHaveLength(1);
    expect(left).toHaveLength(2);
    const [licence] = (await t.request({ method: 'GET', url: '/api/userinfo/products', token: owner.token })).json<
      { removalsThisYear: number }[]
    >();
    expect(licence!.removalsThisYear).toBe(1);
    // The licence may still free its second place this year.
    expect((await remove(devices[1]!.id)).statusCode).toBe(200);
  });
});

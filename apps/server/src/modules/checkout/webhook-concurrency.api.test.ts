import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { orderCompleted, postWebhook } from '../../../test/webhook-fixtures.js';

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });

describe('concurrent orders', () => {
  it('hands 100 concurrent orders 100 distinct serials from a 100-line pool, and alerts when it runs out', async () => {
    const { rows: products } = await t.db.query(`SELECT id FROM product WHERE lower(name) = 'punch'`);
    const productId = products[0].id as number;
    await t.db.query(
      `INSERT INTO product_serial (product_id, serial, position)
       SELECT $1, 'PUNCH-' || lpad(n::text, 4, '0'), n FROM generate_series(1, 100) AS n`,
      [productId],
    );
    const events = Array.from({ length: 100 }, () => orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] }));
    // All at once. On a loaded machine some wait longer for a database connection than the pool allows: such an
    // event is not named as processed (202 without its id) or the call answers 503, and FastSpring delivers it
    // again later. So does this test, until every order was taken; any other answer fails at once.
    let waiting = events;
    for (let round = 1; waiting.length > 0; round += 1) {
      const responses = await Promise.all(waiting.map((event) => postWebhook(t.app, [event], { secret })));
      const isTaken = (index: number) => responses[index]!.statusCode === 200;
      const isRetried = (index: number) => {
        const { statusCode, body } = responses[index]!;
        return statusCode === 503 || (statusCode === 202 && !body.split('\n').includes(waiting[index]!.id));
      };
      const refused = responses.filter((_, index) => !isTaken(index) && !isRetried(index));
      expect(refused.map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
      waiting = waiting.filter((_, index) => isRetried(index));
      expect(round, `${waiting.length} orders still not taken after ${round} deliveries`).toBeLessThan(10);
    }

    const { rows } = await t.db.query(`SELECT serial FROM orders WHERE provider_order_id = ANY($1::text[])`, [
      events.map((event) => event.data.id),
    ]);
    const serials = rows.map((row) => row.serial as string);
    expect(serials).toHaveLength(100);
    expect(new Set(serials).size).toBe(100);
    expect(serials.every((serial) => /^PUNCH-\d{4}$/.test(serial))).toBe(true);
    const free = await t.db.query('SELECT count(*)::int AS n FROM product_serial WHERE product_id = $1 AND order_id IS NULL', [productId]);
    expect(free.rows[0].n).toBe(0);

    const extra = orderCompleted({ email: uniqueEmail(), items: [{ product: 'punch' }] });
    expect((await postWebhook(t.app, [extra], { secret })).statusCode).toBe(200);
    const { rows: extraRows } = await t.db.query('SELECT serial FROM orders WHERE provider_order_id = $1', [extra.data.id]);
    expect(extraRows).toEqual([{ serial: '' }]);
    const alert = await t.db.query(`SELECT subject FROM mail_outbox WHERE subject = 'Serial list of Punch is empty'`);
    expect(alert.rowCount).toBe(1);
  });
});

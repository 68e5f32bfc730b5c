import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';
import { orderCompleted, postWebhook } from '../../../test/webhook-fixtures.js';

// The statements an order.completed costs (issue 28 point 4, decision 065): each is a round trip to PostgreSQL
// while the event's transaction and its connection are held, so their count bounds the webhook intake. Every
// order pays a fixed part (transaction, event, lock, catalogue, provider order with its returns, person, sign-in
// link, and its mails with their jobs in one statement at commit, decision 072) and each licence its own (its row
// with its outbound event, its serial).

const secret = 'test-webhook-secret';
const t = await createTestApp({ FASTSPRING_WEBHOOK_SECRET: secret });
const PER_ORDER = 9;
const PER_LICENCE = 2;

afterEach(() => vi.restoreAllMocks());

/** Posts the order and answers the statements the app sent while it was processed (the listener's heartbeat aside). */
async function statementsOf(items: { product: string; quantity?: number }[]) {
  const query = vi.spyOn(pg.Client.prototype, 'query'); // records each call and makes it
  const event = orderCompleted({ email: uniqueEmail('round-trips'), items });
  const response = await postWebhook(t.app, [event], { secret });
  const statements = query.mock.calls
    .map(([config]) => (typeof config === 'string' ? config : (config as { text: string }).text))
    .filter((text) => text !== 'SELECT 1');
  vi.restoreAllMocks();
  expect(response.statusCode, response.body).toBe(200);
  expect(statements).toContain('COMMIT'); // every statement of the event's transaction was seen
  const { rows } = await t.db.query('SELECT 1 FROM orders WHERE provider_order_id = $1', [event.data.id]);
  return { statements, licences: rows.length };
}

describe('the round trips of an order.completed', () => {
  it('are a fixed few per order and two per licence for a licence of one product', async () => {
    const { statements, licences } = await statementsOf([{ product: 'spacey' }]);
    expect(licences).toBe(1);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(PER_ORDER + PER_LICENCE);
  });

  it('are a fixed few per order and two per licence for three licences', async () => {
    const { statements, licences } = await statementsOf([{ product: 'spacey' }, { product: 'punch' }, { product: 'tapewarm' }]);
    expect(licences).toBe(3);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(PER_ORDER + 3 * PER_LICENCE);
  });
});

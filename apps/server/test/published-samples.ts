import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transferTag } from '@store/contracts/licence';
import { uniqueEmail, type TestApp } from './test-app.js';
import { providerId, type TestEvent } from './webhook-fixtures.js';

// FastSpring's published webhook samples, kept as fixtures, and purchases and returns built from them.

/** The posts in test/fixtures/fastspring: FastSpring's published sample payloads, in their structure, with our values. */
export type PublishedSample =
  | 'order-completed-gift'
  | 'order-completed-no-expansion'
  | 'order-completed-bundle'
  | 'order-completed-bundle-parts-only'
  | 'return-created-full'
  | 'return-created-bundle'
  | 'return-created-partial'
  | 'mailing-list-entry-updated'
  | 'chargeback-created';

const yymmdd = () => new Date().toISOString().slice(2, 10).replaceAll('-', '');
const digits = (count: number) => String(randomBytes(4).readUInt32BE() % 10 ** count).padStart(count, '0');
/** A reference in FastSpring's form, `ABC250707-1234-56789` (a return's ends in `X`). */
const providerReference = (suffix = '') => `TST${yymmdd()}-${digits(4)}-${digits(5)}${suffix}`;

/**
 * One of FastSpring's published sample posts (`{"events":[…]}`, see fixtures/fastspring/README.md), its `{{name}}`
 * placeholders filled in, in keys and in strings: from `values` (emails and product paths must be given), else fresh
 * for this call (`…Id`: a provider id, `reference`/`orderReference`/`returnReference`: a reference), so each test has
 * its own orders in the shared database. A placeholder used twice gets the same value. `change` edits each event's
 * `data` (for what a test adds beyond the published shape).
 */
export function publishedPost(
  name: PublishedSample,
  values: Record<string, string> = {},
  change?: (data: Record<string, unknown>) => void,
): TestEvent[] {
  const filled = new Map(Object.entries(values));
  const valueOf = (key: string) => {
    let value = filled.get(key);
    if (value === undefined) {
      if (key.endsWith('Id')) value = providerId();
      else if (key === 'reference' || key === 'orderReference') value = providerReference();
      else if (key === 'returnReference') value = providerReference('X');
      else throw new Error(`${name}.json: no value for {{${key}}}`);
      filled.set(key, value);
    }
    return value;
  };
  const fill = (node: unknown): unknown => {
    if (typeof node === 'string') return node.replace(/\{\{(\w+)\}\}/g, (_, key: string) => valueOf(key));
    if (Array.isArray(node)) return node.map(fill);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, value]) => [fill(key), fill(value)]));
    return node;
  };
  const post = JSON.parse(readFileSync(new URL(`./fixtures/fastspring/${name}.json`, import.meta.url), 'utf8')) as unknown;
  const { events } = fill(post) as { events: TestEvent[] };
  for (const event of events) sentNow(event);
  if (change) for (const event of events) change(event.data);
  return events;
}

/** The date text of a chargeback's `creationDate`, as FastSpring's sample writes it: "Sat Jan 03 09:00:00 UTC 2026". */
const javaDateText = (at: Date) => {
  const [weekday, day, month, year, time] = at.toUTCString().replace(',', '').split(' ');
  return `${weekday} ${month} ${day} ${time} UTC ${year}`;
};

/**
 * A sample's times made today's, so that its sale, refund or chargeback counts on the day the test runs (decision
 * 106): the event's `created` now, and the order's or return's `changed` (all its forms) and a chargeback's
 * `creationDate` as far before it as in the sample.
 */
function sentNow(event: TestEvent): void {
  const now = Date.now();
  const { data } = event;
  if (typeof data.changed === 'number') {
    const changed = now - (event.created - data.changed);
    const at = new Date(changed);
    Object.assign(data, {
      changed,
      changedValue: changed,
      changedInSeconds: Math.floor(changed / 1000),
      changedDisplay: `${at.getUTCMonth() + 1}/${at.getUTCDate()}/${String(at.getUTCFullYear()).slice(2)}`,
      changedDisplayISO8601: at.toISOString().slice(0, 10),
    });
  }
  if (typeof data.creationDate === 'string') data.creationDate = javaDateText(new Date(now));
  event.created = now;
}

/** An item sold: what FastSpring's `items[]` says of it (`subtotal`: after discounts, before tax). */
export type SoldItem = { product: string; quantity?: number; subtotal: number; discount?: number };

const displayOf = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
/** An amount in FastSpring's four forms: the number, its display text, and both in the payout currency (the same here). */
const moneyFields = (name: string, amount: number, currency: string) => ({
  [name]: amount,
  [`${name}Display`]: displayOf(amount, currency),
  [`${name}InPayoutCurrency`]: amount,
  [`${name}InPayoutCurrencyDisplay`]: displayOf(amount, currency),
});
const sumOf = (amounts: number[]) => Math.round(amounts.reduce((sum, amount) => sum + amount, 0) * 100) / 100;

/**
 * FastSpring's published order without expansion (`order-completed-no-expansion.json`) made into the purchase a
 * test needs: its items, each in the shape of the sample's first item; the order's currency and totals (no tax);
 * the buyer; and, when given, the reference and tags.
 */
export function publishedPurchase(options: {
  email: string;
  items: SoldItem[];
  currency?: string;
  first?: string;
  last?: string;
  country?: string;
  reference?: string;
  tags?: Record<string, unknown>;
}): { events: TestEvent[]; orderId: string; reference: string } {
  const currency = options.currency ?? 'USD';
  const product = options.items[0]!.product;
  const events = publishedPost('order-completed-no-expansion', { email: options.email, product1: product, product2: product }, (data) => {
    const template = (data.items as Record<string, unknown>[])[0]!;
    data.items = options.items.map((item) => ({
      ...template,
      product: item.product,
      display: item.product,
      quantity: item.quantity ?? 1,
      ...moneyFields('subtotal', item.subtotal, currency),
      ...moneyFields('discount', item.discount ?? 0, currency),
    }));
    const subtotal = sumOf(options.items.map((item) => item.subtotal));
    Object.assign(data, {
      currency,
      payoutCurrency: currency,
      ...moneyFields('subtotal', subtotal, currency),
      ...moneyFields('total', subtotal, currency),
      ...moneyFields('tax', 0, currency),
      ...moneyFields('discount', sumOf(options.items.map((item) => item.discount ?? 0)), currency),
    });
    const customer = data.customer as Record<string, unknown>;
    data.customer = { ...customer, first: options.first ?? customer.first, last: options.last ?? customer.last };
    if (options.country) data.address = { country: options.country, display: options.country };
    if (options.reference) data.reference = options.reference;
    if (options.tags) data.tags = options.tags;
  });
  const data = events[0]!.data;
  return { events, orderId: data.id as string, reference: data.reference as string };
}

/**
 * FastSpring's published return (`return-created-full.json`) of the purchase `orderId`, with these lines: a line with
 * a quantity returns that many units ("Full Refund"), one with quantity 0 refunds its `subtotal` only ("Partial
 * Refund", as the Returns API documents it).
 */
export function publishedReturn(options: {
  orderId: string;
  email: string;
  currency?: string;
  lines: { product: string; quantity: number; subtotal: number }[];
}): TestEvent[] {
  const currency = options.currency ?? 'USD';
  return publishedPost(
    'return-created-full',
    { orderId: options.orderId, email: options.email, product: options.lines[0]!.product },
    (data) => {
      const template = (data.items as Record<string, unknown>[])[0]!;
      data.items = options.lines.map((line) => ({
        ...template,
        product: line.product,
        display: line.product,
        quantity: line.quantity,
        refundType: line.quantity === 0 ? 'Partial Refund' : 'Full Refund',
        ...moneyFields('subtotal', line.subtotal, currency),
      }));
      const total = sumOf(options.lines.map((line) => line.subtotal));
      Object.assign(data, {
        currency,
        payoutCurrency: currency,
        ...moneyFields('totalReturn', total, currency),
        ...moneyFields('subtotal', total, currency),
        ...moneyFields('tax', 0, currency),
      });
      (data.original as Record<string, unknown>).currency = currency;
    },
  );
}

/**
 * The purchase of a paid licence transfer as FastSpring sends it (decision 084): the owner's licence made old enough
 * to move, its transfer token asked for in the customer area, and a `licensetransfer` item of `fee` tagged with it
 * for a new owner. Not posted.
 */
export async function paidTransferPurchase(
  t: TestApp,
  owner: { order: { id: number }; token: string; email: string },
  fee = 10,
): Promise<{ events: TestEvent[]; orderId: string; reference: string }> {
  await t.db.query(`UPDATE orders SET license_activation_date = now() - interval '31 days' WHERE id = $1`, [owner.order.id]);
  const token = (
    await t.request({ method: 'GET', url: `/api/userinfo/verifyorderfortransfer/${owner.order.id}`, token: owner.token })
  ).json<string>();
  const tag = transferTag({ token, orderId: owner.order.id, email: uniqueEmail('to'), firstName: 'Ada', lastName: 'Lovelace' });
  return publishedPurchase({ email: owner.email, items: [{ product: 'licensetransfer', subtotal: fee }], tags: { transfer: tag } });
}

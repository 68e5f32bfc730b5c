import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { signWebhookBody } from '../src/modules/checkout/webhook-signature.js';

/** FastSpring's id format: 22 characters of base64url. */
export const providerId = () => randomBytes(16).toString('base64url');

export type TestEvent = { id: string; type: string; live: boolean; processed: boolean; created: number; data: Record<string, unknown> };

/** An `order.completed` event as FastSpring sends it (the fields the server reads, and a few more). */
export function orderCompleted(options: {
  email: string;
  items: { product: string; quantity?: number }[];
  orderId?: string;
  eventId?: string;
  first?: string;
  last?: string;
  country?: string;
  tags?: Record<string, unknown>;
}): TestEvent {
  const orderId = options.orderId ?? providerId();
  return {
    id: options.eventId ?? providerId(),
    type: 'order.completed',
    live: false,
    processed: false,
    created: Date.now(),
    data: {
      id: orderId,
      order: orderId,
      reference: `TST240101-${randomBytes(2).readUInt16BE()}-1`,
      completed: true,
      live: false,
      currency: 'USD',
      account: 'acct-1',
      customer: { first: options.first ?? 'Jane', last: options.last ?? 'Doe', email: options.email, company: null, phone: null },
      address: { country: options.country ?? 'CH' },
      items: options.items.map((item) => ({
        product: item.product,
        quantity: item.quantity ?? 1,
        display: item.product,
        fulfillments: {},
      })),
      tags: options.tags ?? {},
    },
  };
}

/** A `return.created` of the whole order `orderId`. */
export const returnCreated = (
  orderId: string,
  options: { items?: { product: string; quantity: number }[]; returnId?: string } = {},
): TestEvent => ({
  id: providerId(),
  type: 'return.created',
  live: false,
  processed: false,
  created: Date.now(),
  data: {
    return: options.returnId ?? providerId(),
    reference: 'TST-RETURN',
    original: { id: orderId, order: orderId, reference: 'TST' },
    ...(options.items ? { items: options.items } : {}),
  },
});

/** Posts events (or a raw body) to the webhook route, signed with `secret` unless told otherwise. */
export function postWebhook(
  app: FastifyInstance,
  events: TestEvent[] | string,
  options: { secret: string; signature?: 'valid' | 'missing' | 'wrong' },
) {
  const body = typeof events === 'string' ? events : JSON.stringify({ events });
  const mode = options.signature ?? 'valid';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (mode !== 'missing') headers['x-fs-signature'] = signWebhookBody(mode === 'valid' ? options.secret : 'not-the-secret', body);
  return app.inject({ method: 'POST', url: '/api/fastspring/webhook', headers, payload: body });
}

/**
 * A hand-built gift `order.completed` (payer Jane Doe, recipient John Doe) with per-item `tax` and `total`, which
 * FastSpring's published sample does not have (its items carry `subtotal…` and `discount…` only): the customer's order
 * views are tested with it. The published shapes are in test/fixtures/fastspring (`publishedPost`).
 */
export function sampleGiftOrderCompleted(options: {
  payerEmail: string;
  recipientEmail: string;
  product: string;
  quantity?: number;
}): TestEvent {
  const orderId = providerId();
  const quantity = options.quantity ?? 1;
  return {
    id: providerId(),
    type: 'order.completed',
    live: false,
    processed: false,
    created: Date.now(),
    data: {
      order: orderId,
      id: orderId,
      reference: `YES200312-${randomBytes(2).readUInt16BE()}-49126`,
      buyerReference: null,
      completed: true,
      changed: Date.now(),
      language: 'en',
      live: false,
      currency: 'USD',
      payoutCurrency: 'USD',
      invoiceUrl: `https://yourexamplestore.onfastspring.com/account/order/${orderId}/invoice`,
      account: 'N8FjcSWcQNeYCc-suM1O8g',
      total: 59.99 * quantity,
      subtotal: 59.99 * quantity,
      discount: 10,
      discountWithTax: 10,
      tax: 4.8,
      coupons: ['SPRING10'],
      customer: { first: 'Jane', last: 'Doe', email: options.payerEmail, company: null, phone: '+1 555 0100' },
      address: { city: 'Santa Barbara', regionCode: 'CA', postalCode: '93101', country: 'US', display: 'Santa Barbara, CA, 93101, US' },
      recipients: [
        {
          recipient: {
            first: 'John',
            last: 'Doe',
            email: options.recipientEmail,
            company: null,
            phone: null,
            account: 'uKj7izZXSxSEyqXx6ZXe6A',
            address: { city: 'Santa Barbara', country: 'US' },
          },
        },
      ],
      payment: { type: 'test', cardEnding: '4242' },
      items: [
        {
          product: options.product,
          quantity,
          display: options.product,
          sku: null,
          subtotal: 59.99 * quantity,
          discount: 10,
          tax: 4.8,
          total: 54.79,
          attributes: {},
          fulfillments: {},
        },
      ],
    },
  };
}

/** A hand-built `return.created` of an amount only (the item's quantity 0, refundType "Partial Refund"); the published shape is fixtures/fastspring/return-created-partial.json. */
export const partialReturnCreated = (orderId: string, product: string, amount: number): TestEvent => ({
  id: providerId(),
  type: 'return.created',
  live: false,
  processed: false,
  created: Date.now(),
  data: {
    return: providerId(),
    reference: 'YES200312-2203-49126X',
    completed: true,
    currency: 'USD',
    totalReturn: amount,
    reason: 'Product Not Received',
    type: 'RETURN',
    original: { id: orderId, order: orderId, reference: 'YES200312', currency: 'USD' },
    items: [{ product, quantity: 0, display: product, subtotal: amount, refundType: 'Partial Refund' }],
  },
});

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
  if (change) for (const event of events) change(event.data);
  return events;
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

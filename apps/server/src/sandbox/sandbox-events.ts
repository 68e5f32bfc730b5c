import { createHash, randomBytes } from 'node:crypto';
import { formatMoney } from './sandbox-builder-data.js';
import type { CheckoutSession } from './sandbox-session-token.js';
import type { PricedCart } from './sandbox-pricing.js';

/** The store prefix of the stand-in's order references (`SBX240101-1234-56789`). */
const REFERENCE_PREFIX = 'SBX';

/** FastSpring's id format: 22 characters of base64url. */
export const newProviderId = (): string => randomBytes(16).toString('base64url');

/** The order's reference like FastSpring's, `ABC240101-1234-56789`; the same for the same order id. */
export function orderReferenceOf(orderId: string, date: Date): string {
  const day = date.toISOString().slice(2, 10).replaceAll('-', '');
  const digits = BigInt(`0x${createHash('sha256').update(orderId).digest('hex').slice(0, 15)}`)
    .toString()
    .padStart(9, '0');
  return `${REFERENCE_PREFIX}${day}-${digits.slice(0, 4)}-${digits.slice(4, 9)}`;
}

export type Buyer = { email: string; firstName: string; lastName: string; country: string };
export type SandboxEvent = { id: string; type: string; live: boolean; processed: boolean; created: number; data: Record<string, unknown> };

const amounts = (name: string, cents: number, currency: string) => ({
  [name]: cents / 100,
  [`${name}Display`]: formatMoney(cents, currency),
  [`${name}InPayoutCurrency`]: cents / 100,
  [`${name}InPayoutCurrencyDisplay`]: formatMoney(cents, currency),
});

/** An `order.completed` event as FastSpring sends it (docs/fastspring-protocol.md §2.2), for a priced cart and its buyer. */
export function orderCompletedEvent(options: {
  session: CheckoutSession;
  reference: string;
  cart: PricedCart;
  buyer: Buyer;
}): SandboxEvent {
  const { session, reference, cart, buyer } = options;
  const now = Date.now();
  const { currency } = cart;
  const selected = cart.items.filter((item) => item.isSelected);
  return {
    id: newProviderId(),
    type: 'order.completed',
    live: false,
    processed: false,
    created: now,
    data: {
      order: session.orderId,
      id: session.orderId,
      reference,
      buyerReference: null,
      completed: true,
      changed: now,
      changedValue: now,
      changedInSeconds: Math.floor(now / 1000),
      changedDisplay: new Date(now).toLocaleDateString('en-US'),
      language: session.cart.language ?? 'en',
      live: false,
      currency,
      payoutCurrency: currency,
      account: `sandbox-${buyer.email.toLowerCase()}`,
      ...amounts('total', cart.totalCents + cart.taxCents, currency),
      ...amounts('tax', cart.taxCents, currency),
      ...amounts('subtotal', cart.totalCents, currency),
      ...amounts('discount', cart.discountCents, currency),
      ...amounts('discountWithTax', Math.round(cart.discountCents * (1 + cart.taxRatePercent / 100)), currency),
      payment: { type: 'test', cardEnding: '4242' },
      customer: { first: buyer.firstName, last: buyer.lastName, email: buyer.email, company: null, phone: null },
      address: { country: buyer.country, display: buyer.country },
      // A bundle's item carries its price; each of its products follows as an item of its own whose `driver` names
      // the bundle, at no charge (test/fixtures/fastspring/README.md, decision 054).
      items: selected.flatMap((item) => [
        {
          product: item.path,
          quantity: item.quantity,
          display: item.display,
          sku: null,
          ...amounts('subtotal', (item.unitCents - item.unitDiscountCents) * item.quantity, currency),
          ...amounts('discount', item.unitDiscountCents * item.quantity, currency),
          attributes: {},
          fulfillments: {},
        },
        ...item.parts.map((part) => ({
          product: part.path,
          quantity: item.quantity,
          display: part.display,
          sku: null,
          ...amounts('subtotal', 0, currency),
          ...amounts('discount', 0, currency),
          driver: { type: 'bundle', path: item.path },
          attributes: {},
          fulfillments: {},
        })),
      ]),
      tags: session.cart.tags,
      coupons: cart.coupons,
    },
  };
}

/** A `return.created` refunding the whole order of `completed` (docs/fastspring-protocol.md §2.3), bundles as one line each. */
export function returnCreatedEvent(completed: { data: Record<string, unknown> }): SandboxEvent {
  const data = completed.data;
  return {
    id: newProviderId(),
    type: 'return.created',
    live: false,
    processed: false,
    created: Date.now(),
    data: {
      return: newProviderId(),
      reference: `${typeof data.reference === 'string' ? data.reference : 'SBX'}X`,
      completed: true,
      live: false,
      reason: 'Sandbox refund',
      note: '',
      customer: data.customer,
      original: { id: data.id, order: data.order ?? data.id, reference: data.reference, currency: data.currency, total: data.total },
      // A bundle is returned as its own item (test/fixtures/fastspring/return-created-bundle.json): its products' lines
      // are left out, which would return each product a second time.
      items: Array.isArray(data.items) ? data.items.filter((item) => !isBundlePart(item)) : data.items,
    },
  };
}

const isBundlePart = (item: unknown): boolean =>
  typeof item === 'object' && item !== null && (item as { driver?: { type?: unknown } }).driver?.type === 'bundle';

import { randomBytes } from 'node:crypto';
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

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
      items: options.items.map((item) => ({ product: item.product, quantity: item.quantity ?? 1, display: item.product, fulfillments: {} })),
      tags: options.tags ?? {},
    },
  };
}

/** A `return.created` of the whole order `orderId`. */
export const returnCreated = (orderId: string, options: { items?: { product: string; quantity: number }[]; returnId?: string } = {}): TestEvent => ({
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

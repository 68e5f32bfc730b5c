import type { Server } from 'node:http';
import { AppError } from '../lib/app-error.js';
import { signWebhookBody } from '../modules/checkout/index.js';
import type { SandboxEvent } from './sandbox-events.js';

export type SignatureMode = 'valid' | 'missing' | 'wrong';
export type WebhookDelivery = { status: number; body: string };

/**
 * Where the stand-in posts its webhooks: this process's own listening address. Not PUBLIC_URL: that may be a
 * proxy's public name the server cannot reach from inside (containers, hairpin NAT), and in tests the port is
 * chosen at listen time. The post still goes over real HTTP through the whole stack (raw body, signature check).
 */
export function selfBaseUrl(server: Server): string {
  const address = server.address();
  if (!address || typeof address === 'string') {
    throw new AppError('unavailable', 'The checkout sandbox can send its webhook only while the server is listening.');
  }
  const host =
    address.address === '0.0.0.0' || address.address === ''
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

/** Posts `{events}` to the webhook route, signed over the exact bytes sent (or not, to test the refusal). */
export async function postWebhookToSelf(options: {
  server: Server;
  secret: string;
  events: SandboxEvent[];
  signature?: SignatureMode;
}): Promise<WebhookDelivery> {
  const body = JSON.stringify({ events: options.events });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const mode = options.signature ?? 'valid';
  if (mode === 'valid') headers['x-fs-signature'] = signWebhookBody(options.secret, body);
  if (mode === 'wrong') headers['x-fs-signature'] = signWebhookBody(`${options.secret}-wrong`, body);
  const response = await fetch(`${selfBaseUrl(options.server)}/api/fastspring/webhook`, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: await response.text() };
}

import http from 'node:http';
import https from 'node:https';
import { publicOnlyLookup, refuseLiteralPrivateHost } from './safe-address.js';

export type WebhookPost = { url: string; headers: Record<string, string>; body: string; timeoutMs: number; allowPrivateAddresses: boolean };

/**
 * POSTs one webhook and answers the endpoint's status code. It throws when no answer came: a refused connection,
 * a private address (unless allowed), or no complete answer within `timeoutMs` (the whole exchange, so a slow
 * endpoint holds a worker for at most that long). Redirects are not followed.
 */
export function postWebhook(post: WebhookPost): Promise<number> {
  const url = new URL(post.url);
  if (!post.allowPrivateAddresses) refuseLiteralPrivateHost(url);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...post.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(post.body) },
        ...(post.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
        agent: false,
      },
      (response) => {
        // The body is not kept: the log records the status code. Reading it lets the exchange end.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${post.timeoutMs} ms`)), post.timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('error', reject);
    request.end(post.body);
  });
}

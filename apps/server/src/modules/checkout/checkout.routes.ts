import { loyaltyCouponResponse } from '@store/contracts/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';
import { isValidWebhookSignature, webhookSecretOf } from './webhook-signature.js';
import { parseWebhookBody } from './webhook.service.js';

/**
 * The provider's webhook. Its own encapsulated plugin: only here are bodies kept as raw bytes (whatever the
 * content type), because the signature covers the exact bytes sent.
 */
const webhookRoute: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/fastspring/webhook',
    {
      schema: {
        tags: ['checkout'],
        description: 'FastSpring webhook: X-FS-Signature over the raw body; 200, or 202 with the processed event ids one per line.',
      },
    },
    async (request, reply) => {
      const secret = webhookSecretOf(app.config);
      if (!secret) throw new AppError('forbidden', 'Webhooks are refused: FASTSPRING_WEBHOOK_SECRET is not configured.');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-fs-signature'];
      if (!isValidWebhookSignature(secret, body, typeof signature === 'string' ? signature : undefined)) {
        throw new AppError('unauthorized', 'The webhook signature is missing or wrong.');
      }
      const events = parseWebhookBody(body);
      const intake = await app.checkout.receiveWebhookEvents({ log: request.log, events });
      // 202 tells FastSpring which events to mark processed, one id per line; it retries the others (docs/fastspring-protocol.md §2.5).
      return reply
        .status(intake.failedIds.length === 0 ? 200 : 202)
        .type('text/plain; charset=utf-8')
        .send(intake.processedIds.join('\n'));
    },
  );
};

/** Checkout calls: the provider's webhook and the customer's loyalty coupon. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser } = createAuthHooks(app);
  await app.register(webhookRoute);

  app.post(
    '/fastspring/loyaltycoupon',
    { onRequest: requireUser, schema: { tags: ['checkout'], response: { 200: loyaltyCouponResponse } } },
    async (request, reply) => {
      const code = await app.checkout.getLoyaltyCoupon({ caller: actorOf(request) });
      // A JSON string ("" when none): Fastify would send a bare string as plain text.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(code));
    },
  );
};

import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import {
  webhookDelivery,
  webhookEndpoint,
  webhookEndpointList,
  webhookEndpointRequest,
  webhookEndpointWithSecret,
} from '@store/contracts/outbound-webhook';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** The administrator's outbound webhooks: endpoints, secret rotation, the delivery log and replay (decision 052). */
export const outboundWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['outbound webhooks'];

  app.get('/admin/webhooks', { onRequest: requireAdmin, schema: { tags, response: { 200: webhookEndpointList } } }, () =>
    app.outboundWebhooks.listWebhookEndpoints(),
  );

  app.post(
    '/admin/webhooks',
    { onRequest: requireAdmin, schema: { tags, body: webhookEndpointRequest, response: { 200: webhookEndpointWithSecret } } },
    (request) => app.outboundWebhooks.createWebhookEndpoint({ caller: actorOf(request), endpoint: request.body }),
  );

  app.put(
    '/admin/webhooks/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, body: webhookEndpointRequest, response: { 200: webhookEndpoint } } },
    (request) => app.outboundWebhooks.updateWebhookEndpoint({ caller: actorOf(request), id: request.params.id, endpoint: request.body }),
  );

  app.delete(
    '/admin/webhooks/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.outboundWebhooks.deleteWebhookEndpoint({ caller: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/webhooks/:id/rotate-secret',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: webhookEndpointWithSecret } } },
    (request) => app.outboundWebhooks.rotateWebhookSecret({ caller: actorOf(request), id: request.params.id }),
  );

  app.get(
    '/admin/webhooks/:id/deliveries',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: z.array(webhookDelivery) } } },
    (request) => app.outboundWebhooks.listWebhookDeliveries({ endpointId: request.params.id }),
  );

  app.post(
    '/admin/webhook-deliveries/:id/replay',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.outboundWebhooks.replayWebhookDelivery({ caller: actorOf(request), deliveryId: request.params.id });
      return { ok: true as const };
    },
  );
};

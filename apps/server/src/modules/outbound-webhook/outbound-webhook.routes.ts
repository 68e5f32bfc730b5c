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
import * as webhooks from './outbound-webhook.service.js';

/** The administrator's outbound webhooks: endpoints, secret rotation, the delivery log and replay (decision 052). */
export const outboundWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['outbound webhooks'];

  app.get('/admin/webhooks', { onRequest: requireAdmin, schema: { tags, response: { 200: webhookEndpointList } } }, () =>
    webhooks.listWebhookEndpoints(app.db),
  );

  app.post(
    '/admin/webhooks',
    { onRequest: requireAdmin, schema: { tags, body: webhookEndpointRequest, response: { 200: webhookEndpointWithSecret } } },
    (request) => webhooks.createWebhookEndpoint({ db: app.db, caller: actorOf(request), secretBox: app.secretBox, endpoint: request.body }),
  );

  app.put(
    '/admin/webhooks/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, body: webhookEndpointRequest, response: { 200: webhookEndpoint } } },
    (request) => webhooks.updateWebhookEndpoint({ db: app.db, caller: actorOf(request), id: request.params.id, endpoint: request.body }),
  );

  app.delete(
    '/admin/webhooks/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await webhooks.deleteWebhookEndpoint({ db: app.db, caller: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/webhooks/:id/rotate-secret',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: webhookEndpointWithSecret } } },
    (request) => webhooks.rotateWebhookSecret({ db: app.db, caller: actorOf(request), secretBox: app.secretBox, id: request.params.id }),
  );

  app.get(
    '/admin/webhooks/:id/deliveries',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: z.array(webhookDelivery) } } },
    (request) => webhooks.listWebhookDeliveries({ db: app.db, endpointId: request.params.id }),
  );

  app.post(
    '/admin/webhook-deliveries/:id/replay',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await webhooks.replayWebhookDelivery({ db: app.db, caller: actorOf(request), deliveryId: request.params.id });
      return { ok: true as const };
    },
  );
};

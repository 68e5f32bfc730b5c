import {
  reconcileRequest,
  reconcileResponse,
  webhookEventList,
  webhookEventListQuery,
  webhookEventRow,
  webhookReplayRequest,
  webhookResolveRequest,
} from '@store/contracts/webhook';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

const eventParams = z.object({ id: z.string().trim().min(1).max(200) });

/** The administrator's webhook log and "needs attention" list: list, one event, replay, settle by hand. */
export const webhookAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['webhooks'];

  app.get(
    '/webhookEvent/',
    { onRequest: requireAdmin, schema: { tags, querystring: webhookEventListQuery, response: { 200: webhookEventList } } },
    (request) => app.checkout.listWebhookEvents(request.query),
  );

  app.get(
    '/webhookEvent/:id',
    { onRequest: requireAdmin, schema: { tags, params: eventParams, response: { 200: webhookEventRow } } },
    (request) => app.checkout.getWebhookEvent({ id: request.params.id }),
  );

  app.post(
    '/webhookEvent/:id/replay',
    { onRequest: requireAdmin, schema: { tags, params: eventParams, body: webhookReplayRequest, response: { 200: webhookEventRow } } },
    (request) => app.checkout.replayWebhookEvent({ id: request.params.id, actor: actorOf(request).name, replay: request.body }),
  );

  app.post(
    '/webhookEvent/:id/resolve',
    { onRequest: requireAdmin, schema: { tags, params: eventParams, body: webhookResolveRequest, response: { 200: webhookEventRow } } },
    (request) => app.checkout.resolveWebhookEvent({ id: request.params.id, actor: actorOf(request).name, note: request.body.note }),
  );

  // The reconciliation job for a chosen range of days (docs/fastspring.md).
  app.post(
    '/webhookEvent/reconcile',
    { onRequest: requireAdmin, schema: { tags, body: reconcileRequest, response: { 200: reconcileResponse } } },
    (request) => app.checkout.reconcileDays({ actor: actorOf(request).name, ...request.body }),
  );
};

import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import { order, replaceKeysRequest } from '@store/contracts/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** A leaked key replaced (decision 055): by the administrator, or by the owner in the customer area. */
export const replaceKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin, requireUser } = createAuthHooks(app);

  app.post(
    '/order/:id/replacekeys',
    { onRequest: requireAdmin, schema: { tags: ['orders'], params: idParam, body: replaceKeysRequest, response: { 200: order } } },
    (request) =>
      app.orders.replaceKeysOfOrder({
        actor: actorOf(request).name,
        orderId: request.params.id,
        removeDevices: request.body.removeDevices,
      }),
  );

  app.post(
    '/userinfo/orders/:id/replacekeys',
    { onRequest: requireUser, schema: { tags: ['customer area'], params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.orders.replaceOwnKeys({
        caller: actorOf(request),
        orderId: request.params.id,
      });
      return { ok: true as const };
    },
  );
};

import { idParam } from '@store/contracts/fields';
import { verifyTransferResponse } from '@store/contracts/licence';
import { orderList, orderTransferRequest } from '@store/contracts/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/**
 * The customer's licence transfer (a signed token for the paid checkout; the webhook completes it), and the
 * administrator's direct transfer.
 */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser, requireAdmin } = createAuthHooks(app);

  app.get(
    '/userinfo/verifyorderfortransfer/:id',
    { onRequest: requireUser, schema: { tags: ['customer area'], params: idParam, response: { 200: verifyTransferResponse } } },
    async (request, reply) => {
      const token = await app.transfers.verifyOrderForTransfer({ caller: actorOf(request), orderId: request.params.id });
      // Fastify sends a returned string as it is; the answer is a JSON string, so it is encoded here.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(token));
    },
  );

  app.post(
    '/order/transfer',
    { onRequest: requireAdmin, schema: { tags: ['orders'], body: orderTransferRequest, response: { 200: orderList } } },
    (request) => app.transfers.transferLicencesAsAdmin({ actor: actorOf(request).name, request: request.body }),
  );
};

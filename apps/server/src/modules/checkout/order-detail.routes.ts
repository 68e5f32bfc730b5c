import { idParam } from '@store/contracts/fields';
import { listQuery, pagedResponse } from '@store/contracts/list';
import { orderDetail, transferEntry } from '@store/contracts/order-detail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthHooks } from '../../plugins/auth.js';

/** Staff: one order (licence) with its purchase, sibling licences, transfers and webhook events (decision 060). */
export const orderDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireStaff } = createAuthHooks(app);
  app.get(
    '/admin/orders/:id',
    { onRequest: requireStaff, schema: { tags: ['orders'], params: idParam, response: { 200: orderDetail } } },
    (request) => app.checkout.getOrderDetail({ orderId: request.params.id }),
  );
  app.get(
    '/admin/transfers',
    { onRequest: requireStaff, schema: { tags: ['orders'], querystring: listQuery, response: { 200: pagedResponse(transferEntry) } } },
    (request) => app.checkout.listTransfers({ query: request.query }),
  );
};

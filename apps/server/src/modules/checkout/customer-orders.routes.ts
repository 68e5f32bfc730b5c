import { customerOrderList } from '@store/contracts/customer-order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';
import { listCustomerOrders } from './customer-orders.service.js';

/** The customer area's order history: the caller's own purchases only. */
export const customerOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser } = createAuthHooks(app);
  app.get('/userinfo/orders', { onRequest: requireUser, schema: { tags: ['customer area'], response: { 200: customerOrderList } } }, (request) =>
    listCustomerOrders({ db: app.db, personId: actorOf(request).personId }),
  );
};

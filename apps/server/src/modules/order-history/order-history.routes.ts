import { customerOrders } from '@store/contracts/order-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';
import { listCustomerOrders } from './order-history.service.js';

/** The customer's orders and receipts (beyond the spec). */
export const orderHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser } = createAuthHooks(app);
  app.get('/userinfo/orders', { onRequest: requireUser, schema: { tags: ['customer area'], response: { 200: customerOrders } } }, (request) =>
    listCustomerOrders({ db: app.db, caller: actorOf(request) }),
  );
};

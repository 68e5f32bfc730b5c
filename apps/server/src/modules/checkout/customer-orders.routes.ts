import {
  customerOrderList,
  licencePurchase,
  purchaseAccountRequest,
  purchaseAccountResponse,
  purchaseStatus,
  purchaseStatusParams,
} from '@store/contracts/customer-order';
import { idParam } from '@store/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** The customer area's order history: the caller's own purchases only. */
export const customerOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser, requireStaff } = createAuthHooks(app);
  app.get(
    '/userinfo/orders',
    { onRequest: requireUser, schema: { tags: ['customer area'], response: { 200: customerOrderList } } },
    (request) => app.checkout.listCustomerOrders({ caller: actorOf(request) }),
  );

  // Public: the thank-you screen's facts of a purchase just paid; the provider's order id is the key (decision 037).
  app.get(
    '/fastspring/purchase/:id',
    { schema: { tags: ['checkout'], params: purchaseStatusParams, response: { 200: purchaseStatus } } },
    (request) => app.checkout.getPurchaseStatus({ providerOrderId: request.params.id }),
  );

  // Public: the paying browser's claim, once, for the buyer's way into the account (decision 060).
  app.post(
    '/fastspring/purchase/:id/account',
    {
      schema: {
        tags: ['checkout'],
        params: purchaseStatusParams,
        body: purchaseAccountRequest,
        response: { 200: purchaseAccountResponse },
      },
    },
    (request) => app.checkout.claimPurchaseAccount({ providerOrderId: request.params.id, claim: request.body.claim }),
  );

  // Staff: the purchase a licence came from (money, partial refunds), shown in the person editor's licence detail.
  app.get(
    '/order/:id/purchase',
    { onRequest: requireStaff, schema: { tags: ['orders'], params: idParam, response: { 200: licencePurchase } } },
    (request) => app.checkout.getPurchaseOfLicence({ orderId: request.params.id }),
  );
};

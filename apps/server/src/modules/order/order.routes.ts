import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import { releaseDeviceResponse } from '@store/contracts/licence';
import {
  adminReleaseDeviceRequest,
  order,
  orderCreateRequest,
  orderDeviceList,
  orderList,
  refreshKeysRequest,
  revokeOrderRequest,
} from '@store/contracts/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** The administrator's licences of a person: list, devices, new order, delete, refresh keys, transfer. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin, requireStaff } = createAuthHooks(app);
  const tags = ['orders'];

  // An unknown person or licence is a 404 (decision 022: a failure no longer logs the administrator out).
  app.get(
    '/order/byPerson/:personId',
    { onRequest: requireStaff, schema: { tags, params: z.object({ personId: idParam.shape.id }), response: { 200: orderList } } },
    (request) => app.orders.listOrdersOfPerson({ personId: request.params.personId }),
  );

  app.get(
    '/orderDevice/byOrder/:orderId',
    { onRequest: requireStaff, schema: { tags, params: z.object({ orderId: idParam.shape.id }), response: { 200: orderDeviceList } } },
    // The key files (with the secret of their removal codes) only for an administrator (decision 088).
    (request) => app.orders.listDevicesOfOrder({ orderId: request.params.orderId, withKeyFiles: actorOf(request).isAdmin }),
  );

  app.post('/order/', { onRequest: requireAdmin, schema: { tags, body: orderCreateRequest, response: { 200: order } } }, (request) =>
    app.orders.createAdminOrder({
      actor: actorOf(request).name,
      request: request.body,
    }),
  );

  app.delete(
    '/order/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.orders.deleteOrder({ actor: actorOf(request).name, id: request.params.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/order/refreshkeys/',
    { onRequest: requireAdmin, schema: { tags, body: refreshKeysRequest, response: { 200: orderList } } },
    (request) => app.orders.refreshKeysOfPerson({ actor: actorOf(request).name, personId: request.body.id }),
  );

  app.delete(
    '/orderdevice/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.orders.deleteDevice({ actor: actorOf(request).name, id: request.params.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/order/:id/revoke',
    { onRequest: requireAdmin, schema: { tags, params: idParam, body: revokeOrderRequest, response: { 200: order } } },
    (request) => app.orders.revokeOrder({ actor: actorOf(request).name, id: request.params.id, ...request.body }),
  );

  app.post(
    '/order/:id/releasedevice',
    {
      onRequest: requireStaff,
      schema: { tags, params: idParam, body: adminReleaseDeviceRequest, response: { 200: releaseDeviceResponse } },
    },
    (request) =>
      app.orders.releaseDeviceByCode({
        actor: actorOf(request).name,
        orderId: request.params.id,
        removalCode: request.body.removalCode,
      }),
  );
};

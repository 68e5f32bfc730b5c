import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import { releaseDeviceRequest, releaseDeviceResponse, renameDeviceRequest, userProducts } from '@store/contracts/licence';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** The customer area: the caller's licences and their computers. */
export const licenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser } = createAuthHooks(app);
  const tags = ['customer area'];

  app.get('/userinfo/products', { onRequest: requireUser, schema: { tags, response: { 200: userProducts } } }, (request) =>
    app.licences.listUserProducts({ caller: actorOf(request) }),
  );

  app.delete(
    '/userinfo/orderdevice/:id',
    { onRequest: requireUser, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.licences.deleteOwnDevice({ caller: actorOf(request), deviceId: request.params.id });
      return { ok: true as const };
    },
  );

  app.put(
    '/userinfo/orderdevice/:id',
    {
      onRequest: requireUser,
      schema: { tags, params: idParam, body: renameDeviceRequest, response: { 200: z.object({ deviceName: z.string() }) } },
    },
    (request) =>
      app.licences.renameOwnDevice({ caller: actorOf(request), deviceId: request.params.id, deviceName: request.body.deviceName }),
  );

  app.post(
    '/userinfo/releasedevice',
    { onRequest: requireUser, schema: { tags, body: releaseDeviceRequest, response: { 200: releaseDeviceResponse } } },
    (request) =>
      app.licences.releaseOwnDeviceWithCode({
        caller: actorOf(request),
        orderId: request.body.orderId,
        removalCode: request.body.removalCode,
      }),
  );
};

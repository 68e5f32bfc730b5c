import { registerDeviceRequest, registerDeviceResponse } from '@store/contracts/licence';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { juceUnlockRoutes } from './juce-unlock.routes.js';

/** The licence server's plug-in endpoints: device registration by key, and JUCE's online unlock. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/userinfo/registerproductfordevice',
    { schema: { tags: ['licence server'], body: registerDeviceRequest, response: { 200: registerDeviceResponse } } },
    async (request, reply) => {
      const keyFile = await app.devices.registerComputer({ registration: request.body, ip: request.ip });
      // Fastify sends a returned string as it is; the answer is a JSON string, so it is encoded here.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(keyFile));
    },
  );

  await app.register(juceUnlockRoutes);
};

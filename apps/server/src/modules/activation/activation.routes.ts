import { redeemActivationRequest, redeemActivationResponse } from '@store/contracts/licence';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The activation page: redeem a retailer's activation key. */
export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/userinfo/registerproduct',
    { schema: { tags: ['customer area'], body: redeemActivationRequest, response: { 200: redeemActivationResponse } } },
    (request) => app.activations.redeem({ activation: request.body, ip: request.ip }),
  );
};

import { redeemActivationRequest, redeemActivationResponse } from '@store/contracts/licence';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { redeemActivationFlow } from '../../flows/redeem-activation.flow.js';

/** The activation page: redeem a retailer's activation key. */
export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/userinfo/registerproduct',
    { schema: { tags: ['customer area'], body: redeemActivationRequest, response: { 200: redeemActivationResponse } } },
    (request) =>
      redeemActivationFlow({ db: app.db, config: app.config, secretBox: app.secretBox, activation: request.body, ip: request.ip }),
  );
};

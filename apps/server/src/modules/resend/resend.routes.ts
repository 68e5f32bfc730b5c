import { okResponse } from '@store/contracts/auth';
import { resendKeyRequest } from '@store/contracts/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resendLicenceKeys } from './resend.service.js';

/** The Send License Key page: the same answer whether or not the address owns a licence. */
export const resendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/order/resend/',
    { schema: { tags: ['support'], body: resendKeyRequest, response: { 200: okResponse } } },
    async (request) => {
      await resendLicenceKeys({ db: app.db, config: app.config, request: request.body, ip: request.ip });
      return { ok: true as const };
    },
  );
};

import { resendKeyRequest, resendKeyResponse } from '@store/contracts/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthHooks, isStaff } from '../../plugins/auth.js';
import { resendLicenceKeys } from './resend.service.js';

/**
 * The Send License Key page (anyone: the same answer whether or not the address owns a licence) and the admin's
 * Resend Serial screen (the administrator's token: no public limits, and the answer says how many were mailed).
 */
export const resendRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identifyCallerIfAny } = createAuthHooks(app);
  app.post(
    '/order/resend/',
    { onRequest: identifyCallerIfAny, schema: { tags: ['support'], body: resendKeyRequest, response: { 200: resendKeyResponse } } },
    async (request) => {
      const admin = isStaff(request.actor) ? request.actor!.name : undefined;
      const mailed = await resendLicenceKeys({ db: app.db, config: app.config, request: request.body, ip: request.ip, admin });
      // Not an error status for "none": the web client logs out on any failure (§4), the administrator included.
      return admin === undefined ? { ok: true as const } : { ok: true as const, mailed };
    },
  );
};

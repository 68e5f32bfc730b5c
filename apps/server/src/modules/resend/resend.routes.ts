import { resendKeyRequest, resendKeyResponse } from '@store/contracts/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthHooks, isStaff } from '../../plugins/auth.js';

/**
 * The Send License Key page (anyone: the same answer whether or not the address owns a licence) and the admin's
 * Resend Serial screen (the administrator's token: no public limits, the answer says how many were mailed, and
 * 404 when there was nothing to send).
 */
export const resendRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identifyCallerIfAny } = createAuthHooks(app);
  app.post(
    '/order/resend/',
    { onRequest: identifyCallerIfAny, schema: { tags: ['support'], body: resendKeyRequest, response: { 200: resendKeyResponse } } },
    async (request) => {
      const admin = isStaff(request.actor) ? request.actor!.name : undefined;
      const mailed = await app.resend.resendLicenceKeys(request.body, request.ip, admin);
      return admin === undefined ? { ok: true as const } : { ok: true as const, mailed };
    },
  );
};

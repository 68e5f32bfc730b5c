import { resendKeyRequest, resendKeyResponse, staffResendResponse } from '@store/contracts/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks, isStaff } from '../../plugins/auth.js';

/**
 * The Send License Key page (anyone: the same answer whether or not the address owns a licence; a staff token
 * still gets the staff's answer there, decision 007) and the back office's Resend Serial screen (staff only: no
 * public limits, the answer says how many were mailed, and 404 when there was nothing to send).
 */
export const resendRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identifyCallerIfAny, requireStaff } = createAuthHooks(app);
  app.post(
    '/order/resend/',
    { onRequest: identifyCallerIfAny, schema: { tags: ['support'], body: resendKeyRequest, response: { 200: resendKeyResponse } } },
    async (request) => {
      const admin = isStaff(request.actor) ? request.actor!.name : undefined;
      const mailed = await app.resend.resendLicenceKeys(request.body, request.ip, admin);
      return admin === undefined ? { ok: true as const } : { ok: true as const, mailed };
    },
  );

  // The screen's own call: an ended session is 401 here, before anything is mailed, where the public call would
  // mail the customer as for anyone, unaudited (review 2026-11-28, web client, finding 11).
  app.post(
    '/admin/resend',
    { onRequest: requireStaff, schema: { tags: ['support'], body: resendKeyRequest, response: { 200: staffResendResponse } } },
    async (request) => ({
      ok: true as const,
      mailed: await app.resend.resendLicenceKeys(request.body, request.ip, actorOf(request).name),
    }),
  );
};

import { okResponse } from '@store/contracts/auth';
import { backOfficeScreenParams, type BackOfficeScreen } from '@store/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthHooks } from '../../plugins/auth.js';

/**
 * Who may open each back-office screen: the audience of the calls the screen is made of (decision 013), so that a
 * screen refuses exactly whom its calls refuse. `screen-access.api.test.ts` holds each screen to one of its calls.
 */
const screenAudience: Record<BackOfficeScreen, 'admin' | 'staff'> = {
  dashboard: 'admin',
  persons: 'staff',
  pages: 'admin',
  products: 'admin',
  activationCodes: 'admin',
  orders: 'staff',
  orderDetail: 'staff',
  batches: 'admin',
  audit: 'admin',
  resendSerial: 'staff',
  mailbox: 'staff',
  staff: 'admin',
  webhooks: 'admin',
  offers: 'admin',
  outboundWebhooks: 'admin',
  apiKeys: 'admin',
  bundles: 'admin',
  releases: 'admin',
};

/**
 * `GET /admin/screens/{screen}`: whether the caller may open a back-office screen (decision 033). The web app asks
 * before it shows one: 401 leads to the login, 403 to "not permitted", never a guess from the role on the client.
 */
export const screenAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser, requireAdmin, requireStaff } = createAuthHooks(app);
  const guards = { admin: requireAdmin, staff: requireStaff };

  app.get(
    '/admin/screens/:screen',
    {
      onRequest: requireUser,
      // After validation, so the screen is a known one; the same hooks as the screen's own calls.
      preHandler: (request, reply) => guards[screenAudience[request.params.screen]](request, reply),
      schema: { tags: ['staff'], params: backOfficeScreenParams, response: { 200: okResponse } },
    },
    () => ({ ok: true as const }),
  );
};

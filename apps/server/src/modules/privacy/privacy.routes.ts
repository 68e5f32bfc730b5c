import { idParam } from '@store/contracts/fields';
import { erasureRequest, erasureResult, PERSONAL_DATA_FILE_NAME, personalDataExport } from '@store/contracts/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteUrlOf } from '../../mail/customer-templates.js';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';
import { createDeviceCookies } from '../auth/index.js';

/**
 * A customer's data rights (docs/PRIVACY.md, decision 040): the export of everything the shop holds about them, the
 * erasure of their own account, and the administrator's erasure of a person. The work is the flows'.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser, requireAdmin } = createAuthHooks(app);
  const tags = ['data rights'];
  const deviceCookies = createDeviceCookies(app.config.KEY_ENCRYPTION_SECRET!, { isSecure: siteUrlOf(app.config).startsWith('https:') });

  app.get(
    '/userinfo/personaldata',
    { onRequest: requireUser, schema: { tags, response: { 200: personalDataExport } } },
    async (request, reply) => {
      const data = await app.privacy.exportPersonalData({ caller: actorOf(request) });
      return reply
        .header('content-disposition', `attachment; filename="${PERSONAL_DATA_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.post(
    '/userinfo/erasure',
    { onRequest: requireUser, schema: { tags, body: erasureRequest, response: { 200: erasureResult } } },
    (request) =>
      app.privacy.eraseOwnAccount({
        caller: actorOf(request),
        password: request.body.password,
        code: request.body.code,
        ip: request.ip,
        device: deviceCookies.read(request.headers.cookie),
      }),
  );

  app.post(
    '/persons/:id/erasure',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: erasureResult } } },
    (request) => app.privacy.erasePerson({ personId: request.params.id, actor: { kind: 'admin', name: actorOf(request).name } }),
  );
};

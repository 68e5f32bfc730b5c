import { apiKeyCreateRequest, apiKeyList, apiKeyWithToken } from '@store/contracts/api-key';
import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** The administrator's API keys for the vendor's scripts: list, create (the token shown once), revoke (decision 052). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['api keys'];

  app.get('/admin/api-keys', { onRequest: requireAdmin, schema: { tags, response: { 200: apiKeyList } } }, () => app.apiKeys.listApiKeys());

  app.post(
    '/admin/api-keys',
    { onRequest: requireAdmin, schema: { tags, body: apiKeyCreateRequest, response: { 200: apiKeyWithToken } } },
    (request) => app.apiKeys.createApiKey({ caller: actorOf(request), key: request.body }),
  );

  app.delete(
    '/admin/api-keys/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.apiKeys.revokeApiKey({ caller: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );
};

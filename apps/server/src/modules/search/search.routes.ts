import { searchQuery, searchResponse } from '@store/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthHooks } from '../../plugins/auth.js';

/** The admin screens' search box: persons and licences from any identifying text. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireStaff } = createAuthHooks(app);
  app.get(
    '/admin/search',
    { onRequest: requireStaff, schema: { tags: ['search'], querystring: searchQuery, response: { 200: searchResponse } } },
    (request) => app.adminSearch.searchEverything(request.query.q),
  );
};

import {
  releasePreferences,
  releasePreferencesResponse,
  updateCheckQuery,
  updateCheckRequest,
  updateCheckResponse,
} from '@store/contracts/release';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** How long a shared cache may keep a stable update answer: a new release reaches every plug-in within it. */
const updateCacheSeconds = 300;

/**
 * Update checks for the plug-ins (no login; decision 055) and the owner's release choices in the customer area.
 */
export const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser } = createAuthHooks(app);

  app.get(
    '/plugin/updates',
    { schema: { tags: ['plug-ins'], querystring: updateCheckQuery, response: { 200: updateCheckResponse } } },
    async (request, reply) => {
      const answer = await app.releases.checkForUpdate({ query: request.query });
      // The same for every caller: any cache may keep it for a while, so a release day costs the server little.
      reply.header('cache-control', `public, max-age=${updateCacheSeconds}`);
      return answer;
    },
  );

  app.post(
    '/plugin/updates',
    { schema: { tags: ['plug-ins'], body: updateCheckRequest, response: { 200: updateCheckResponse } } },
    async (request, reply) => {
      const { key, channel, ...query } = request.body;
      const answer = await app.releases.checkForUpdateWithKey({
        query,
        key,
        channel,
        ip: request.ip,
      });
      reply.header('cache-control', 'no-store'); // the answer depends on the key
      return answer;
    },
  );

  const tags = ['customer area'];
  app.get(
    '/userinfo/release-preferences',
    { onRequest: requireUser, schema: { tags, response: { 200: releasePreferencesResponse } } },
    (request) => app.releases.readReleasePreferences({ caller: actorOf(request) }),
  );

  app.put(
    '/userinfo/release-preferences',
    { onRequest: requireUser, schema: { tags, body: releasePreferences, response: { 200: releasePreferencesResponse } } },
    (request) => app.releases.saveReleasePreferences({ caller: actorOf(request), choices: request.body }),
  );
};

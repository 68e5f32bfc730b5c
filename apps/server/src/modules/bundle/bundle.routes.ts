import { okResponse } from '@store/contracts/auth';
import { bundle, bundleList, bundleSaveRequest } from '@store/contracts/bundle';
import { idParam } from '@store/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** The administrator's bundles: what each holds and its "complete your bundle" rule (decision 054). */
export const bundleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['bundles'];

  app.get('/bundle/', { onRequest: requireAdmin, schema: { tags, response: { 200: bundleList } } }, () => app.bundles.listBundles());

  app.post(
    '/bundle/',
    { onRequest: requireAdmin, schema: { tags, body: bundleSaveRequest, response: { 200: bundle } } },
    async (request) => {
      // The save may create or rename the bundle's product (decision 057): the service forgets the cached one.
      return app.bundles.saveBundle({ actor: actorOf(request).name, bundle: request.body });
    },
  );

  app.delete(
    '/bundle/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.bundles.deleteBundle({ actor: actorOf(request).name, bundleProductId: request.params.id });
      return { ok: true as const };
    },
  );
};

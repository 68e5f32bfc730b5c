import { okResponse } from '@store/contracts/auth';
import { bundle, bundleList, bundleSaveRequest } from '@store/contracts/bundle';
import { idParam } from '@store/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';
import * as bundles from './bundle-admin.service.js';

/** The administrator's bundles: what each holds and its "complete your bundle" rule (decision 054). */
export const bundleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['bundles'];

  app.get('/bundle/', { onRequest: requireAdmin, schema: { tags, response: { 200: bundleList } } }, () =>
    bundles.listBundles({ db: app.db }),
  );

  app.post(
    '/bundle/',
    { onRequest: requireAdmin, schema: { tags, body: bundleSaveRequest, response: { 200: bundle } } },
    async (request) => {
      const saved = await bundles.saveBundle({ db: app.db, actor: actorOf(request).name, bundle: request.body });
      // The save may have created or renamed the bundle's product (decision 057).
      app.productCache.clear();
      return saved;
    },
  );

  app.delete(
    '/bundle/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await bundles.deleteBundle({ db: app.db, actor: actorOf(request).name, bundleProductId: request.params.id });
      return { ok: true as const };
    },
  );
};

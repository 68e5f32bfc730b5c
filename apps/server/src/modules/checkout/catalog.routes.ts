import { productList, publicProductList } from '@store/contracts/product';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAuthHooks } from '../../plugins/auth.js';

/**
 * GET /product/: the spec calls it with and without a login. Anyone gets the public fields; the administrator
 * gets everything, keys included.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identifyCallerIfAny } = createAuthHooks(app);

  app.get(
    '/product/',
    {
      onRequest: identifyCallerIfAny,
      schema: { tags: ['products'], response: { 200: z.union([productList, publicProductList]) } },
    },
    (request) => app.products.listCatalogue({ isAdmin: request.actor?.isAdmin === true }),
  );
};

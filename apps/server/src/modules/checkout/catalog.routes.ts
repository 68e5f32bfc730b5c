import { productList, publicProduct } from '@store/contracts/product';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAuthHooks } from '../../plugins/auth.js';
import { listProducts, toAdminProduct, toPublicProduct } from '../product/product.repository.js';

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
      schema: { tags: ['products'], response: { 200: z.union([productList, z.array(publicProduct)]) } },
    },
    async (request) => {
      const rows = await listProducts(app.db);
      return request.actor?.isAdmin ? rows.map((row) => toAdminProduct(row, app.secretBox)) : rows.map(toPublicProduct);
    },
  );
};

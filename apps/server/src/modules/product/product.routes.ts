import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import {
  generatedKeys,
  generateKeysRequest,
  product,
  productSaveRequest,
  productSerials,
  productSerialsSaveRequest,
} from '@store/contracts/product';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/**
 * The administrator's product editor: the product with its key material, saving, deleting, key generation and
 * the serial pool. (The product list, GET /product/, belongs to the shop's catalogue routes.)
 */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['products'];

  app.get('/product/:id', { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: product } } }, (request) =>
    app.products.getAdminProduct({ id: request.params.id }),
  );

  app.post(
    '/product/',
    { onRequest: requireAdmin, schema: { tags, body: productSaveRequest, response: { 200: product } } },
    async (request) => {
      // The service forgets this process's cached product: its activations use the new name and keys at once.
      return app.products.saveProduct({ actor: actorOf(request).name, product: request.body });
    },
  );

  app.delete(
    '/product/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.products.deleteProduct({ actor: actorOf(request).name, id: request.params.id });
      return { ok: true as const };
    },
  );

  // Both pairs are generated and answered, not saved (nor audited): the editor fills its fields and the admin saves.
  app.post(
    '/product/generatekeys/',
    { onRequest: requireAdmin, schema: { tags, body: generateKeysRequest.optional(), response: { 200: generatedKeys } } },
    () => app.products.generateProductKeys(),
  );

  app.get(
    '/productserial/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: productSerials } } },
    (request) => app.products.getProductSerials({ id: request.params.id }),
  );

  app.post(
    '/productserial/',
    { onRequest: requireAdmin, schema: { tags, body: productSerialsSaveRequest, response: { 200: productSerials } } },
    (request) => app.products.saveProductSerials({ actor: actorOf(request).name, request: request.body }),
  );
};

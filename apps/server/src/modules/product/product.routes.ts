import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import { generatedKeys, generateKeysRequest, product, productSaveRequest, productSerials } from '@store/contracts/product';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';
import * as serials from './product-serial.service.js';
import * as products from './product.service.js';

/**
 * The administrator's product editor: the product with its key material, saving, deleting, key generation and
 * the serial pool. (The product list, GET /product/, belongs to the shop's catalogue routes.)
 */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['products'];

  app.get('/product/:id', { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: product } } }, (request) =>
    products.getAdminProduct({ db: app.db, secretBox: app.secretBox, id: request.params.id }),
  );

  app.post(
    '/product/',
    { onRequest: requireAdmin, schema: { tags, body: productSaveRequest, response: { 200: product } } },
    async (request) => {
      const saved = await products.saveProduct({
        db: app.db,
        secretBox: app.secretBox,
        actor: actorOf(request).name,
        product: request.body,
      });
      // This process's activations use the new name and keys at once; the others when the notification arrives.
      app.productCache.clear();
      return saved;
    },
  );

  app.delete(
    '/product/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await products.deleteProduct({ db: app.db, actor: actorOf(request).name, id: request.params.id });
      app.productCache.clear();
      return { ok: true as const };
    },
  );

  // Both pairs are generated and answered, not saved (nor audited): the editor fills its fields and the admin saves.
  app.post(
    '/product/generatekeys/',
    { onRequest: requireAdmin, schema: { tags, body: generateKeysRequest.optional(), response: { 200: generatedKeys } } },
    () => products.generateProductKeys(),
  );

  app.get(
    '/productserial/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: productSerials } } },
    (request) => serials.getProductSerials({ db: app.db, id: request.params.id }),
  );

  app.post(
    '/productserial/',
    { onRequest: requireAdmin, schema: { tags, body: productSerials, response: { 200: productSerials } } },
    (request) => serials.saveProductSerials({ db: app.db, actor: actorOf(request).name, request: request.body }),
  );
};

import { okResponse } from '@store/contracts/auth';
import {
  adminProductDownloads,
  downloadLink,
  ownedProductDownloads,
  publicProductDownloads,
  publicProductDownloadsParams,
  saveProductDownloadRequest,
} from '@store/contracts/download';
import { idParam } from '@store/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

const productParam = z.object({ productId: idParam.shape.id });

/**
 * Installers: the customer area lists those of the products the caller owns and hands out one link at a time
 * (presigned and expiring for the bucket); a product's page offers its public installers to anyone (decision 035);
 * the administrator manages them in the product editor.
 */
export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser, requireAdmin } = createAuthHooks(app);

  app.get(
    '/userinfo/downloads',
    { onRequest: requireUser, schema: { tags: ['customer area'], response: { 200: ownedProductDownloads } } },
    (request) => app.downloads.listOwnedDownloads({ caller: actorOf(request) }),
  );

  app.get(
    '/userinfo/downloads/:id',
    { onRequest: requireUser, schema: { tags: ['customer area'], params: idParam, response: { 200: downloadLink } } },
    (request) => app.downloads.linkOwnedDownload({ caller: actorOf(request), downloadId: request.params.id }),
  );

  app.get(
    '/downloads/byProduct/:productName',
    { schema: { tags: ['downloads'], params: publicProductDownloadsParams, response: { 200: publicProductDownloads } } },
    (request) => app.downloads.listPublicDownloads({ productName: request.params.productName }),
  );

  app.get(
    '/downloads/:id',
    { schema: { tags: ['downloads'], params: idParam, response: { 200: downloadLink } } },
    async (request, reply) => {
      const link = await app.downloads.linkPublicDownload({ ip: request.ip, downloadId: request.params.id });
      // Each answer is a counted download: no shared cache may hand it out again.
      reply.header('cache-control', 'no-store');
      return link;
    },
  );

  const tags = ['products'];
  app.get(
    '/product/:productId/downloads',
    { onRequest: requireAdmin, schema: { tags, params: productParam, response: { 200: adminProductDownloads } } },
    (request) => app.downloads.listProductDownloads({ productId: request.params.productId }),
  );

  app.post(
    '/product/:productId/downloads',
    {
      onRequest: requireAdmin,
      schema: { tags, params: productParam, body: saveProductDownloadRequest, response: { 200: adminProductDownloads } },
    },
    (request) =>
      app.downloads.saveProductDownload({
        actor: actorOf(request).name,
        productId: request.params.productId,
        request: request.body,
      }),
  );

  app.delete(
    '/product/:productId/downloads/:id',
    { onRequest: requireAdmin, schema: { tags, params: productParam.extend(idParam.shape), response: { 200: okResponse } } },
    async (request) => {
      await app.downloads.deleteProductDownload({
        actor: actorOf(request).name,
        productId: request.params.productId,
        id: request.params.id,
      });
      return { ok: true as const };
    },
  );
};

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
import * as downloads from './download.service.js';

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
    (request) => downloads.listOwnedDownloads({ db: app.db, caller: actorOf(request) }),
  );

  app.get(
    '/userinfo/downloads/:id',
    { onRequest: requireUser, schema: { tags: ['customer area'], params: idParam, response: { 200: downloadLink } } },
    (request) => downloads.linkOwnedDownload({ db: app.db, config: app.config, caller: actorOf(request), downloadId: request.params.id }),
  );

  app.get(
    '/downloads/byProduct/:productName',
    { schema: { tags: ['downloads'], params: publicProductDownloadsParams, response: { 200: publicProductDownloads } } },
    (request) => downloads.listPublicDownloads({ db: app.db, products: app.productCache, productName: request.params.productName }),
  );

  app.get(
    '/downloads/:id',
    { schema: { tags: ['downloads'], params: idParam, response: { 200: downloadLink } } },
    async (request, reply) => {
      const link = await downloads.linkPublicDownload({ db: app.db, config: app.config, ip: request.ip, downloadId: request.params.id });
      // Each answer is a counted download: no shared cache may hand it out again.
      reply.header('cache-control', 'no-store');
      return link;
    },
  );

  const tags = ['products'];
  app.get(
    '/product/:productId/downloads',
    { onRequest: requireAdmin, schema: { tags, params: productParam, response: { 200: adminProductDownloads } } },
    (request) => downloads.listProductDownloads({ db: app.db, productId: request.params.productId }),
  );

  app.post(
    '/product/:productId/downloads',
    {
      onRequest: requireAdmin,
      schema: { tags, params: productParam, body: saveProductDownloadRequest, response: { 200: adminProductDownloads } },
    },
    (request) =>
      downloads.saveProductDownload({
        db: app.db,
        actor: actorOf(request).name,
        productId: request.params.productId,
        request: request.body,
      }),
  );

  app.delete(
    '/product/:productId/downloads/:id',
    { onRequest: requireAdmin, schema: { tags, params: productParam.extend(idParam.shape), response: { 200: okResponse } } },
    async (request) => {
      await downloads.deleteProductDownload({
        db: app.db,
        actor: actorOf(request).name,
        productId: request.params.productId,
        id: request.params.id,
      });
      return { ok: true as const };
    },
  );
};

import { activationBatchList, batchCodeList, voidBatchResponse } from '@store/contracts/batch';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

const batchParam = z.object({ batch: z.coerce.number().int().positive('Batch number is required').max(2_147_483_647) });

/** Distributor batches as objects: the list, a batch's codes and redemptions, its CSV, voiding its open codes. */
export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['activation codes'];

  app.get('/order/unassigned/batches', { onRequest: requireAdmin, schema: { tags, response: { 200: activationBatchList } } }, () =>
    app.activationCodes.listBatches(),
  );

  app.get(
    '/order/unassigned/batches/:batch/codes',
    { onRequest: requireAdmin, schema: { tags, params: batchParam, response: { 200: batchCodeList } } },
    (request) => app.activationCodes.getBatchCodes({ batchNumber: request.params.batch }),
  );

  app.get(
    '/order/unassigned/batches/:batch/csv',
    { onRequest: requireAdmin, schema: { tags, params: batchParam } },
    async (request, reply) => {
      const { productName, csv } = await app.activationCodes.getBatchCsv({ batchNumber: request.params.batch });
      const fileName = `${productName.replace(/[^\w .-]/g, '_')}-batch-${request.params.batch}.csv`;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
    },
  );

  app.post(
    '/order/unassigned/batches/:batch/void',
    { onRequest: requireAdmin, schema: { tags, params: batchParam, response: { 200: voidBatchResponse } } },
    (request) => app.activationCodes.voidBatch({ actor: actorOf(request).name, batchNumber: request.params.batch }),
  );
};

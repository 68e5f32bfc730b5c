import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import { listQuery, pagedResponse } from '@store/contracts/list';
import { unassignedCreateRequest, unassignedCreateResponse, unassignedOrder, unassignedOrderList } from '@store/contracts/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerList } from '../../lib/list-request.js';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

// Batch numbers are PostgreSQL integers.
const batchParam = z.object({ batch: z.coerce.number().int().positive('Batch number is required').max(2_147_483_647) });

/** Activation codes ("unassigned orders"): batches for distributors, their download, the open list, deletion. */
export const unassignedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['activation codes'];

  app.post(
    '/order/unassigned/create/',
    { onRequest: requireAdmin, schema: { tags, body: unassignedCreateRequest, response: { 200: unassignedCreateResponse } } },
    (request) => app.activationCodes.createBatch({ actor: actorOf(request).name, request: request.body }),
  );

  // Spelled so in the specification.
  app.get(
    '/order/unsassigned',
    {
      onRequest: requireAdmin,
      schema: { tags, querystring: listQuery, response: { 200: z.union([pagedResponse(unassignedOrder), unassignedOrderList]) } },
    },
    async (request, reply) => answerList(reply, await app.activationCodes.listOpenCodes(request.query)),
  );

  app.get(
    '/order/unassigned/productname/:batch',
    { onRequest: requireAdmin, schema: { tags, params: batchParam, response: { 200: z.string() } } },
    async (request, reply) => {
      // A JSON string (the client parses JSON): Fastify would send a returned string as plain text.
      const name = await app.activationCodes.getProductNameOfBatch({ batchNumber: request.params.batch });
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(name));
    },
  );

  app.get('/order/unassigned/serials/:batch', { onRequest: requireAdmin, schema: { tags, params: batchParam } }, async (request, reply) => {
    const file = await app.activationCodes.getBatchFile({ batchNumber: request.params.batch });
    return reply.type('text/plain; charset=utf-8').send(file);
  });

  app.delete(
    '/order/unassigned/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.activationCodes.deleteCode({ actor: actorOf(request).name, id: request.params.id });
      return { ok: true as const };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../lib/app-error.js';
import { sandboxApiUserOf } from '../modules/checkout/index.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const lookupQuery = z.object({
  begin: day,
  end: day,
  limit: z.coerce.number().int().min(1).max(100).default(50),
  page: z.coerce.number().int().min(1).default(1),
  /** Orders with (true) or without (false) returns; with true each order names its returns' ids. */
  returns: z.enum(['true', 'false']).optional(),
});

/**
 * The stand-in's copy of FastSpring's order API (docs/fastspring.md): `GET /orders` for a date range (whole days,
 * UTC, end included), paged, with `returns=true` the orders that have returns, each naming their ids; and
 * `GET /returns/{id1},{id2},…`. It answers the orders and returns the stand-in made, with the same data as their
 * webhooks. Basic auth is required as by FastSpring, with this installation's own sandbox API user
 * (`sandboxApiUserOf`): the sales name their buyers.
 */
export const sandboxProviderApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sandbox'];
  const { user, password } = sandboxApiUserOf(app.config);
  const expected = Buffer.from(`Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`);
  app.addHook('onRequest', async (request) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError('unauthorized', 'The API user is missing or wrong.');
  });

  app.get('/sandbox/fastspring-api/orders', { schema: { tags, querystring: lookupQuery } }, (request) =>
    app.sandbox.lookUpSandboxOrders({ lookup: request.query }),
  );
  app.get('/sandbox/fastspring-api/returns/:ids', { schema: { tags, params: z.object({ ids: z.string().max(2000) }) } }, (request) =>
    app.sandbox.lookUpSandboxReturns({ ids: request.params.ids }),
  );
};

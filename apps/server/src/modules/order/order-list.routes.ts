import { Readable } from 'node:stream';
import { listQuery, pagedResponse } from '@store/contracts/list';
import { orderListRow, orderSourceLabels } from '@store/contracts/order-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvLine } from '../../lib/csv.js';
import { createAuthHooks } from '../../plugins/auth.js';

const CSV_HEADER = ['Order', 'Date', 'Provider reference', 'Person', 'Email', 'Name', 'Product', 'Amount', 'Currency', 'Source', 'Status'];

/** Every licence for the administrator: one page (sorted, filtered) or the filtered rows as CSV, streamed. */
export const orderListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireStaff } = createAuthHooks(app);
  const tags = ['orders'];

  app.get(
    '/admin/orders',
    { onRequest: requireStaff, schema: { tags, querystring: listQuery, response: { 200: pagedResponse(orderListRow) } } },
    (request) => app.orders.listAllOrders(request.query),
  );

  app.get('/admin/orders.csv', { onRequest: requireStaff, schema: { tags, querystring: listQuery } }, async (request, reply) => {
    const rows = app.orders.streamAllOrders(request.query);
    async function* lines() {
      yield csvLine(CSV_HEADER);
      for await (const batch of rows) {
        yield batch
          .map((row) =>
            csvLine([
              row.id,
              row.creationDate,
              row.providerReference,
              row.personId,
              row.personEmail,
              row.personName,
              row.productName,
              row.amount?.toFixed(2),
              row.currency,
              orderSourceLabels[row.source],
              row.state,
            ]),
          )
          .join('');
      }
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .send(Readable.from(lines()));
  });
};

import { auditEntry } from '@store/contracts/audit';
import { listQuery, pagedResponse } from '@store/contracts/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthHooks } from '../../plugins/auth.js';

/** The audit log of staff actions, for the administrator. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  app.get(
    '/admin/audit',
    { onRequest: requireAdmin, schema: { tags: ['audit'], querystring: listQuery, response: { 200: pagedResponse(auditEntry) } } },
    (request) => app.audit.listAuditLog(request.query),
  );
};

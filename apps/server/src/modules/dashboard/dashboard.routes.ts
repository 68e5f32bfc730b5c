import { dashboard, dashboardQuery } from '@store/contracts/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthHooks } from '../../plugins/auth.js';
import { getDashboard } from './dashboard.service.js';

/** The administrator's dashboard (decision 024). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  app.get(
    '/admin/dashboard',
    { onRequest: requireAdmin, schema: { tags: ['dashboard'], querystring: dashboardQuery, response: { 200: dashboard } } },
    (request) => getDashboard({ db: app.db, query: request.query }),
  );
};

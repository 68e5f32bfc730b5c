import { dashboard, dashboardQuery } from '@store/contracts/dashboard';
import { offerFigures } from '@store/contracts/offer-figures';
import { trialFigures } from '@store/contracts/trial-figures';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthHooks } from '../../plugins/auth.js';

/** The administrator's dashboard (decision 024). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  app.get(
    '/admin/dashboard',
    { onRequest: requireAdmin, schema: { tags: ['dashboard'], querystring: dashboardQuery, response: { 200: dashboard } } },
    (request) => app.dashboard.getDashboard({ query: request.query }),
  );
  // Trying before buying (decision 035), over the same range.
  app.get(
    '/admin/dashboard/trials',
    { onRequest: requireAdmin, schema: { tags: ['dashboard'], querystring: dashboardQuery, response: { 200: trialFigures } } },
    (request) => app.dashboard.getTrialFigures({ query: request.query }),
  );
  // Upgrades, crossgrades and bundles (decision 057), over the same range and buckets.
  app.get(
    '/admin/dashboard/offers',
    { onRequest: requireAdmin, schema: { tags: ['dashboard'], querystring: dashboardQuery, response: { 200: offerFigures } } },
    (request) => app.dashboard.getOfferFigures({ query: request.query }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** For load balancers: 200 when this process can reach PostgreSQL, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { logLevel: 'warn', schema: { tags: ['operations'], response: { 200: z.object({ status: z.literal('ok') }), 503: z.string() } } },
    async (_request, reply) => {
      if (await app.health.isDatabaseReachable()) return { status: 'ok' as const };
      return reply.status(503).type('text/plain').send('database unavailable');
    },
  );
};

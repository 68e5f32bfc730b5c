import { idParam } from '@store/contracts/fields';
import { personTimeline, personTimelineQuery } from '@store/contracts/person-timeline';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthHooks } from '../../plugins/auth.js';

/** A person's timeline for staff (decision 061): what happened to them, newest first, a page at a time. */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireStaff } = createAuthHooks(app);
  app.get(
    '/person/:id/timeline',
    {
      onRequest: requireStaff,
      schema: { tags: ['persons'], params: idParam, querystring: personTimelineQuery, response: { 200: personTimeline } },
    },
    (request) => app.timeline.readPersonTimeline({ personId: request.params.id, query: request.query }),
  );
};

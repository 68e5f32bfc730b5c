import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import { listQuery, pagedResponse } from '@store/contracts/list';
import { person, personList, personSaveRequest } from '@store/contracts/person';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerList } from '../../lib/list-request.js';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** The administrator's persons: the list (plain or paged), the editor's reads and saves, and deletion. */
export const personRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin, requireStaff } = createAuthHooks(app);
  const tags = ['persons'];

  app.get(
    '/person/',
    {
      onRequest: requireStaff,
      schema: { tags, querystring: listQuery, response: { 200: z.union([pagedResponse(person), personList]) } },
    },
    async (request, reply) => answerList(reply, await app.persons.listPersons(request.query)),
  );

  app.get(
    '/person/byEmail/:email',
    { onRequest: requireStaff, schema: { tags, params: z.object({ email: z.string().max(254) }), response: { 200: person } } },
    (request) => app.persons.getPersonByEmail({ email: request.params.email }),
  );

  app.get('/person/:id', { onRequest: requireStaff, schema: { tags, params: idParam, response: { 200: person } } }, (request) =>
    app.persons.getPerson({ id: request.params.id }),
  );

  app.post('/person/', { onRequest: requireAdmin, schema: { tags, body: personSaveRequest, response: { 200: person } } }, (request) =>
    app.persons.savePerson({ actor: actorOf(request).name, person: request.body }),
  );

  app.delete(
    '/persons/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.persons.deletePerson({ actor: actorOf(request).name, id: request.params.id });
      return { ok: true as const };
    },
  );
};

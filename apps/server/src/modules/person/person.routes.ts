import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import { listQuery, pagedResponse } from '@store/contracts/list';
import { person, personList, personSaveRequest } from '@store/contracts/person';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerList } from '../../lib/list-request.js';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';
import * as persons from './person.service.js';

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
    async (request, reply) => answerList(reply, await persons.listPersons(app.db, request.query)),
  );

  app.get(
    '/person/byEmail/:email',
    { onRequest: requireStaff, schema: { tags, params: z.object({ email: z.string().max(254) }), response: { 200: person } } },
    (request) => persons.getPersonByEmail({ db: app.db, email: request.params.email }),
  );

  app.get('/person/:id', { onRequest: requireStaff, schema: { tags, params: idParam, response: { 200: person } } }, (request) =>
    persons.getPerson({ db: app.db, id: request.params.id }),
  );

  app.post('/person/', { onRequest: requireAdmin, schema: { tags, body: personSaveRequest, response: { 200: person } } }, (request) =>
    persons.savePerson({ db: app.db, actor: actorOf(request).name, person: request.body }),
  );

  app.delete(
    '/persons/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await persons.deletePerson({ db: app.db, actor: actorOf(request).name, id: request.params.id });
      return { ok: true as const };
    },
  );
};

import { licenceGrantRequest } from '@store/contracts/api-key';
import { dashboard, dashboardQuery } from '@store/contracts/dashboard';
import { idParam } from '@store/contracts/fields';
import { device } from '@store/contracts/licence';
import { listQuery, pagedResponse } from '@store/contracts/list';
import { order, revokeOrderRequest } from '@store/contracts/order';
import { orderListRow } from '@store/contracts/order-list';
import { person, personSaveRequest } from '@store/contracts/person';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyOf, requireApiKey } from '../../plugins/auth.js';
import { scriptApiPolicy as policy } from './api-key.policy.js';
import { auditActorOfKey } from './api-key.service.js';

/**
 * The script API under /api/v1 (decision 052): called with an API key, each call's scope checked by its
 * resource's policy; stable JSON, lists as pages. Granting and revoking licences share one scope (decision 062).
 */
export const scriptApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ apiKey: [] }];
  const readLicences = requireApiKey(app, policy.canReadLicences);
  const writeLicences = requireApiKey(app, policy.canWriteLicences);
  const managePersons = requireApiKey(app, policy.canManagePersons);
  const readDashboard = requireApiKey(app, policy.canReadDashboard);

  app.get(
    '/licences',
    {
      onRequest: readLicences,
      schema: { tags: ['script api'], security, querystring: listQuery, response: { 200: pagedResponse(orderListRow) } },
    },
    (request) => app.apiKeys.listLicences(request.query),
  );

  app.get(
    '/licences/:id',
    {
      onRequest: readLicences,
      schema: {
        tags: ['script api'],
        security,
        params: idParam,
        response: { 200: orderListRow.extend({ devices: z.array(device.omit({ deviceIdHashEncrypted: true })) }) },
      },
    },
    (request) => app.apiKeys.getLicence(request.params.id),
  );

  app.post(
    '/licences',
    { onRequest: writeLicences, schema: { tags: ['script api'], security, body: licenceGrantRequest, response: { 200: order } } },
    (request) =>
      app.orders.createAdminOrder({
        actor: auditActorOfKey(apiKeyOf(request)),
        request: request.body,
      }),
  );

  app.post(
    '/licences/:id/revoke',
    {
      onRequest: writeLicences,
      schema: { tags: ['script api'], security, params: idParam, body: revokeOrderRequest, response: { 200: order } },
    },
    (request) => app.orders.revokeOrder({ actor: auditActorOfKey(apiKeyOf(request)), id: request.params.id, ...request.body }),
  );

  app.get(
    '/persons',
    {
      onRequest: managePersons,
      schema: { tags: ['script api'], security, querystring: listQuery, response: { 200: pagedResponse(person) } },
    },
    (request) => app.apiKeys.listPersonsPaged(request.query),
  );

  app.get(
    '/persons/:id',
    { onRequest: managePersons, schema: { tags: ['script api'], security, params: idParam, response: { 200: person } } },
    (request) => app.persons.getPerson({ id: request.params.id }),
  );

  app.post(
    '/persons',
    { onRequest: managePersons, schema: { tags: ['script api'], security, body: personSaveRequest, response: { 200: person } } },
    (request) => app.persons.savePerson({ actor: auditActorOfKey(apiKeyOf(request)), person: request.body, isAddressFixed: true }),
  );

  app.get(
    '/dashboard',
    { onRequest: readDashboard, schema: { tags: ['script api'], security, querystring: dashboardQuery, response: { 200: dashboard } } },
    (request) => app.dashboard.getDashboard({ query: request.query }),
  );
};

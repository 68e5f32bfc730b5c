import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import { staffInviteRequest, staffList, staffRoleRequest } from '@store/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** The administrators' staff list: invite, change role, remove (beyond the spec; decision 013). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['staff'];

  app.get('/staff', { onRequest: requireAdmin, schema: { tags, response: { 200: staffList } } }, () => app.auth.listStaff());

  app.post(
    '/staff',
    { onRequest: requireAdmin, schema: { tags, body: staffInviteRequest, response: { 200: okResponse } } },
    async (request) => {
      await app.auth.inviteStaff({ caller: actorOf(request), invite: request.body });
      return { ok: true as const };
    },
  );

  app.put(
    '/staff/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, body: staffRoleRequest, response: { 200: okResponse } } },
    async (request) => {
      await app.auth.setStaffRole({ caller: actorOf(request), loginId: request.params.id, role: request.body.role });
      return { ok: true as const };
    },
  );

  app.delete(
    '/staff/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.auth.setStaffRole({ caller: actorOf(request), loginId: request.params.id, role: 'customer' });
      return { ok: true as const };
    },
  );
};

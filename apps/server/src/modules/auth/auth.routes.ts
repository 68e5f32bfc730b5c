import {
  currentUser,
  loginRequest,
  okResponse,
  passwordChangeRequest,
  passwordRequestRequest,
  registerRequest,
  deleteRegistrationRequest,
} from '@store/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as auth from './auth.service.js';
import { siteUrlOf } from '../../mail/customer-templates.js';

/** Accounts: login, register, password request and change, logout, and the admin's "Delete Login". */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser, requireAdmin } = createAuthHooks(app);
  const tags = ['accounts'];

  app.post('/login/', { schema: { tags, body: loginRequest, response: { 200: currentUser } } }, (request) =>
    auth.logIn({ db: app.db, ...request.body, ip: request.ip }),
  );

  app.post('/register', { schema: { tags, body: registerRequest, response: { 200: currentUser } } }, (request) =>
    auth.register({ db: app.db, ...request.body, ip: request.ip }),
  );

  app.post(
    '/passwordrequest',
    { schema: { tags, body: passwordRequestRequest, response: { 200: okResponse } } },
    async (request) => {
      await auth.requestPassword({ db: app.db, email: request.body.email, ip: request.ip, siteUrl: siteUrlOf(app.config) });
      return { ok: true as const };
    },
  );

  app.post(
    '/passwordchange',
    { onRequest: requireUser, schema: { tags, body: passwordChangeRequest, response: { 200: okResponse } } },
    async (request) => {
      const actor = actorOf(request);
      await auth.changePassword({ db: app.db, loginId: actor.loginId, token: actor.token, newPassword: request.body.NewPassword });
      return { ok: true as const };
    },
  );

  app.post('/logout', { onRequest: requireUser, schema: { tags, response: { 200: okResponse } } }, async (request) => {
    await auth.logOut({ db: app.db, token: actorOf(request).token });
    return { ok: true as const };
  });

  app.delete(
    '/registration/',
    { onRequest: requireAdmin, schema: { tags, body: deleteRegistrationRequest, response: { 200: okResponse } } },
    async (request) => {
      const email = typeof request.body === 'string' ? request.body : request.body.email;
      await auth.deleteLogin({ db: app.db, email });
      await recordAudit(app.db, { actor: actorOf(request).name, action: 'delete', entity: 'login', entityId: email });
      return { ok: true as const };
    },
  );
};

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
import { siteUrlOf } from '../../mail/customer-templates.js';
import * as auth from './auth.service.js';
import { createDeviceCookies } from './device-cookie.js';

/** Accounts: login, register, password request and change, logout, and the admin's "Delete Login". */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser, requireAdmin } = createAuthHooks(app);
  const tags = ['accounts'];
  const deviceCookies = createDeviceCookies(app.config.KEY_ENCRYPTION_SECRET!, {
    isSecure: siteUrlOf(app.config).startsWith('https:'),
  });

  app.post('/login/', { schema: { tags, body: loginRequest, response: { 200: currentUser } } }, async (request, reply) => {
    const user = await auth.logIn({
      db: app.db,
      secretBox: app.secretBox,
      ...request.body,
      ip: request.ip,
      device: deviceCookies.read(request.headers.cookie),
    });
    // This browser logged in to this login: its wrong passwords count against it alone from now on.
    reply.header('set-cookie', deviceCookies.issue(user.name));
    return user;
  });

  app.post('/register', { schema: { tags, body: registerRequest, response: { 200: currentUser } } }, (request) =>
    auth.register({ db: app.db, ...request.body, ip: request.ip, siteUrl: siteUrlOf(app.config) }),
  );

  app.post('/passwordrequest', { schema: { tags, body: passwordRequestRequest, response: { 200: okResponse } } }, async (request) => {
    await auth.requestPassword({ db: app.db, email: request.body.email, ip: request.ip, siteUrl: siteUrlOf(app.config) });
    return { ok: true as const };
  });

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
      await auth.deleteLogin({ db: app.db, actor: actorOf(request).name, email });
      return { ok: true as const };
    },
  );
};

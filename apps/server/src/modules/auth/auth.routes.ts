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
import { createDeviceCookies } from './device-cookie.js';

/** Accounts: login, register, password request and change, logout, and the admin's "Delete Login". */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser, requireAdmin } = createAuthHooks(app);
  const tags = ['accounts'];
  const deviceCookies = createDeviceCookies(app.config.KEY_ENCRYPTION_SECRET!, {
    isSecure: siteUrlOf(app.config).startsWith('https:'),
  });

  app.post('/login/', { schema: { tags, body: loginRequest, response: { 200: currentUser } } }, async (request, reply) => {
    const user = await app.auth.logIn({
      ...request.body,
      ip: request.ip,
      device: deviceCookies.read(request.headers.cookie),
    });
    // This browser logged in to this login: its wrong passwords count against it alone from now on.
    reply.header('set-cookie', deviceCookies.issue(user.name));
    return user;
  });

  app.post('/register', { schema: { tags, body: registerRequest, response: { 200: currentUser } } }, (request) =>
    app.auth.register({ ...request.body, ip: request.ip }),
  );

  app.post('/passwordrequest', { schema: { tags, body: passwordRequestRequest, response: { 200: okResponse } } }, async (request) => {
    await app.auth.requestPassword({ email: request.body.email, ip: request.ip });
    return { ok: true as const };
  });

  app.post(
    '/passwordchange',
    { onRequest: requireUser, schema: { tags, body: passwordChangeRequest, response: { 200: okResponse } } },
    async (request) => {
      const actor = actorOf(request);
      await app.auth.changePassword({ loginId: actor.loginId, token: actor.token, newPassword: request.body.NewPassword });
      return { ok: true as const };
    },
  );

  app.post('/logout', { onRequest: requireUser, schema: { tags, response: { 200: okResponse } } }, async (request) => {
    await app.auth.logOut({ token: actorOf(request).token });
    return { ok: true as const };
  });

  app.delete(
    '/registration/',
    { onRequest: requireAdmin, schema: { tags, body: deleteRegistrationRequest, response: { 200: okResponse } } },
    async (request) => {
      const email = typeof request.body === 'string' ? request.body : request.body.email;
      await app.auth.deleteLogin({ actor: actorOf(request).name, email });
      return { ok: true as const };
    },
  );
};

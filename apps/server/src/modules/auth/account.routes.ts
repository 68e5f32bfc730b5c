import {
  accountStatus,
  confirmAccountRequest,
  confirmAccountResponse,
  twoFactorDisableRequest,
  twoFactorEnableRequest,
  twoFactorRecoveryCodes,
  twoFactorSetup,
} from '@store/contracts/account';
import { okResponse } from '@store/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteUrlOf } from '../../mail/customer-templates.js';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';
import { createDeviceCookies } from './device-cookie.js';

/** The signed-in login's own account beyond the spec: proof of address and two-factor login (docs/SECURITY.md). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireUser, identifyCallerIfAny } = createAuthHooks(app);
  const tags = ['accounts'];
  const deviceCookies = createDeviceCookies(app.config.KEY_ENCRYPTION_SECRET!, { isSecure: siteUrlOf(app.config).startsWith('https:') });

  app.get('/account', { onRequest: requireUser, schema: { tags, response: { 200: accountStatus } } }, (request) =>
    app.auth.getAccountStatus({ caller: actorOf(request) }),
  );

  app.post('/account/confirmation', { onRequest: requireUser, schema: { tags, response: { 200: okResponse } } }, async (request) => {
    await app.auth.resendConfirmationLink({ caller: actorOf(request) });
    return { ok: true as const };
  });

  app.post(
    '/account/confirm',
    { onRequest: identifyCallerIfAny, schema: { tags, body: confirmAccountRequest, response: { 200: confirmAccountResponse } } },
    async (request, reply) => {
      const answer = await app.auth.confirmAccount({
        token: request.body.token,
        password: request.body.password,
        caller: request.actor && request.bearerToken ? { loginId: request.actor.loginId, token: request.bearerToken } : undefined,
        ip: request.ip,
      });
      // Setting the password through the link logged this browser in, like a login.
      if (answer.status === 'confirmed' && answer.user) reply.header('set-cookie', deviceCookies.issue(answer.user.name));
      return answer;
    },
  );

  app.post('/account/twofactor/setup', { onRequest: requireUser, schema: { tags, response: { 200: twoFactorSetup } } }, (request) =>
    app.auth.setUpTwoFactor({ caller: actorOf(request) }),
  );

  app.post(
    '/account/twofactor/enable',
    { onRequest: requireUser, schema: { tags, body: twoFactorEnableRequest, response: { 200: twoFactorRecoveryCodes } } },
    (request) => app.auth.enableTwoFactor({ caller: actorOf(request), code: request.body.code }),
  );

  app.post(
    '/account/twofactor/disable',
    { onRequest: requireUser, schema: { tags, body: twoFactorDisableRequest, response: { 200: okResponse } } },
    async (request) => {
      await app.auth.disableTwoFactor({
        caller: actorOf(request),
        password: request.body.password,
        code: request.body.code,
        ip: request.ip,
        device: deviceCookies.read(request.headers.cookie),
      });
      return { ok: true as const };
    },
  );
};

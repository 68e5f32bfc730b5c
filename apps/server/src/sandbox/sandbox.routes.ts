import { emailField } from '@store/contracts/fields';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSandboxCheckout } from '../config.js';
import { AppError } from '../lib/app-error.js';
import { actorOf, createAuthHooks } from '../plugins/auth.js';
import { sandboxCart } from './sandbox-cart.js';
import { renderPopupErrorPage, renderPopupPage } from './sandbox-popup-page.js';
import { sandboxProviderApiRoutes } from './sandbox-provider-api.routes.js';

const asset = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'assets', name), 'utf8');

const buyer = z.object({
  session: z.string().min(1).max(20_000),
  email: emailField,
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  country: z.string().trim().min(2, 'Country is required').max(56),
});

/**
 * The checkout stand-in (DESIGN §6): the SBL script, its session API, the payment popup and a replay switch for
 * tests. Active only when switched on (SANDBOX_CHECKOUT; on by default only for the demo start, see config.ts):
 * anyone can "pay" here, so it is refused beside a real database or webhook secret unless forced, rate-limited,
 * bounded in units, and returns only to the site itself (docs/SECURITY.md).
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const isActive = isSandboxCheckout(app.config);
  if (isActive) app.log.warn('Checkout sandbox active (SANDBOX_CHECKOUT): purchases are free test orders');
  app.addHook('onRequest', async () => {
    if (!isActive) throw new AppError('forbidden', 'The checkout sandbox is off.');
  });
  const tags = ['sandbox'];
  const { requireAdmin } = createAuthHooks(app);
  const scripts = { sbl: asset('sbl.js'), popup: asset('popup.js') };
  await app.register(sandboxProviderApiRoutes);

  app.get('/sandbox/sbl.js', { schema: { tags } }, (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(scripts.sbl),
  );
  app.get('/sandbox/popup.js', { schema: { tags } }, (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(scripts.popup),
  );

  app.post('/sandbox/api/session', { schema: { tags, body: z.object({ cart: sandboxCart }) } }, (request) =>
    app.sandbox.priceSandboxSession({ cart: request.body.cart }),
  );

  // secure(payload, key) with an encrypted payload: the script asks for the session object it holds (decision 036).
  app.post(
    '/sandbox/api/secure',
    { schema: { tags, body: z.object({ securePayload: z.string().min(1).max(100_000), secureKey: z.string().min(1).max(2000) }) } },
    (request) => app.sandbox.openSecurePayload({ sealed: request.body }),
  );

  app.post(
    '/sandbox/api/session/finalize',
    {
      schema: {
        tags,
        body: z.object({ cart: sandboxCart, origin: z.string().max(2000).optional() }),
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    (request) => app.sandbox.finalizeSandboxCheckout({ cart: request.body.cart, origin: request.body.origin, ip: request.ip }),
  );

  app.get(
    '/sandbox/popup',
    { schema: { tags, querystring: z.object({ session: z.string().max(20_000).default('') }) } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      try {
        const described = await app.sandbox.describeSandboxCheckout({ token: request.query.session });
        return reply.send(renderPopupPage({ token: request.query.session, ...described }));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.status(400).send(renderPopupErrorPage(error.message));
      }
    },
  );

  app.post(
    '/sandbox/api/pay',
    { schema: { tags, body: buyer, response: { 200: z.object({ id: z.string(), reference: z.string() }) } } },
    (request) => {
      const { session, ...details } = request.body;
      return app.sandbox.paySandboxCheckout({ server: app.server, token: session, buyer: details, ip: request.ip });
    },
  );

  // Replaying a return refunds an order: only the administrator may pull this switch.
  app.post(
    '/sandbox/api/replay',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        body: z.object({
          orderId: z.string().min(1).max(200),
          kind: z.enum(['retry', 'resend', 'return']),
          signature: z.enum(['valid', 'missing', 'wrong']).optional(),
        }),
        response: { 200: z.object({ eventId: z.string(), status: z.number(), body: z.string() }) },
      },
    },
    (request) => app.sandbox.replaySandboxEvent({ actor: actorOf(request).name, server: app.server, ...request.body }),
  );

  // A licence becomes transferable 30 days after its activation: this switch lets the administrator of a sandbox
  // installation (and the journeys) move that date back instead of waiting a month.
  app.post(
    '/sandbox/api/backdate',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        body: z.object({ orderId: z.number().int().positive(), days: z.number().int().min(1).max(3650) }),
        response: { 200: z.object({ licenseActivationDate: z.string() }) },
      },
    },
    (request) => app.sandbox.backdateLicence({ actor: actorOf(request).name, ...request.body }),
  );
};

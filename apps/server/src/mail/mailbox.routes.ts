import { failedMailEntries, mailboxEntry, retryMailResponse } from '@store/contracts/mailbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, createAuthHooks } from '../plugins/auth.js';

/** The development mailbox: with no SMTP configured, the administrator reads the outgoing mail here. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin, requireStaff } = createAuthHooks(app);
  app.get(
    '/mailbox',
    {
      onRequest: requireStaff,
      schema: {
        tags: ['operations'],
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.array(mailboxEntry) },
      },
    },
    (request) => app.mailbox.readMailbox({ to: request.query.to, isAdmin: actorOf(request).isAdmin }),
  );

  // Mail that failed for good, with or without SMTP: what the administrator must see and may send again.
  app.get('/mail/failed', { onRequest: requireAdmin, schema: { tags: ['operations'], response: { 200: failedMailEntries } } }, () =>
    app.mailbox.listFailedMails(),
  );
  app.post(
    '/mail/:id/retry',
    {
      onRequest: requireAdmin,
      schema: { tags: ['operations'], params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: retryMailResponse } },
    },
    async (request) => {
      await app.mailbox.retryMail({ actor: actorOf(request).name, mailId: request.params.id });
      return { id: request.params.id };
    },
  );
};

import { failedMailEntries, mailboxEntry, retryMailResponse } from '@store/contracts/mailbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { actorOf, createAuthHooks } from '../plugins/auth.js';
import { retryMail } from './failed-mail.service.js';
import { listFailedMail, listRecentMail } from './outbox.js';

/** What support reads in place of a mail that carries a password or a sign-in link. */
export const SECRET_WITHHELD = 'This mail carries a password or a sign-in link: only an administrator can read it.';

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
    async (request) => {
      if (app.config.SMTP_URL) throw new AppError('notFound', 'The mailbox is off: mail is delivered over SMTP.');
      const mails = await listRecentMail(app.db, 100, request.query.to);
      // A password or a sign-in link lets whoever reads it in as the recipient, staff logins included: only an
      // administrator, who may do everything anyway, reads those; support sees that they were sent.
      const { isAdmin } = actorOf(request);
      return mails.map((mail) => ({
        id: mail.id,
        to: mail.recipient,
        replyTo: mail.reply_to,
        subject: mail.subject,
        ...(mail.contains_secret && !isAdmin
          ? { text: SECRET_WITHHELD, html: null, attachments: [] }
          : {
              text: mail.body_text,
              html: mail.body_html,
              attachments: mail.attachments.map((file) => ({ filename: file.filename, content: file.content })),
            }),
        createdAt: mail.created_at.toISOString(),
        sentAt: mail.sent_at?.toISOString() ?? null,
      }));
    },
  );

  // Mail that failed for good, with or without SMTP: what the administrator must see and may send again.
  app.get('/mail/failed', { onRequest: requireAdmin, schema: { tags: ['operations'], response: { 200: failedMailEntries } } }, async () => {
    const mails = await listFailedMail(app.db);
    return mails.map((mail) => ({
      id: mail.id,
      to: mail.recipient,
      subject: mail.subject,
      kind: mail.kind,
      createdAt: mail.created_at.toISOString(),
      attempts: mail.attempts,
      lastError: mail.last_error,
      failedAt: (mail.failed_at ?? mail.created_at).toISOString(),
    }));
  });
  app.post(
    '/mail/:id/retry',
    {
      onRequest: requireAdmin,
      schema: { tags: ['operations'], params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: retryMailResponse } },
    },
    async (request) => {
      await retryMail({ db: app.db, actor: actorOf(request).name, mailId: request.params.id });
      return { id: request.params.id };
    },
  );
};

import { mailboxEntry } from '@store/contracts/mailbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { createAuthHooks } from '../plugins/auth.js';
import { listRecentMail } from './outbox.js';

/** The development mailbox: with no SMTP configured, the administrator reads the outgoing mail here. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireStaff } = createAuthHooks(app);
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
      return mails.map((mail) => ({
        id: mail.id,
        to: mail.recipient,
        replyTo: mail.reply_to,
        subject: mail.subject,
        text: mail.body_text,
        html: mail.body_html,
        attachments: mail.attachments.map((file) => ({ filename: file.filename, content: file.content })),
        createdAt: mail.created_at.toISOString(),
        sentAt: mail.sent_at?.toISOString() ?? null,
      }));
    },
  );
};

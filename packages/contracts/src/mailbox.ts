import { z } from 'zod';

/** GET /mailbox?to=: one outgoing mail in the development mailbox (no SMTP configured), newest first. */
export const mailboxEntry = z.object({
  id: z.number(),
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part; null for a mail written in the text-only style. */
  html: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), content: z.string() })),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailboxEntry = z.infer<typeof mailboxEntry>;
export const mailboxEntries = z.array(mailboxEntry);

/** GET /mail/failed: a mail whose every delivery attempt failed (admin only), newest first. */
export const failedMailEntry = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  kind: z.string().nullable(),
  createdAt: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  failedAt: z.string(),
});
export type FailedMailEntry = z.infer<typeof failedMailEntry>;
export const failedMailEntries = z.array(failedMailEntry);
/** POST /mail/{id}/retry: the mail is queued again with a fresh set of attempts. */
export const retryMailResponse = z.object({ id: z.number() });

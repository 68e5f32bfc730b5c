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

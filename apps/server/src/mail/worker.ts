import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Task } from 'graphile-worker';
import type { Db } from '../db/client.js';
import { claimMail, isMailClaimed, MAIL_CLAIM_MINUTES, recordMailFailure, recordMailSent } from './outbox.js';
import { mailDeliveries } from '../lib/metrics.js';

export type MailDeliveryOptions = {
  db: Db;
  /** Without it, the development mailbox is the delivery: the job ends and the mail stays readable there. */
  smtpUrl?: string;
  from: string;
  /** Attempts before a mail has failed for good (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  log: FastifyBaseLogger;
};

/** A pooled connection keeps local sends at a few milliseconds. */
const withPooling = (smtpUrl: string) => (smtpUrl.includes('pool=') ? smtpUrl : `${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}pool=true`);

/** A failed attempt that the job queue retries later, with its back-off. */
class MailAttemptFailed extends Error {}
/** An earlier attempt claimed the mail and recorded no result: the job is tried again until the claim expires. */
class MailStillClaimed extends Error {}

/**
 * The job queue's task that delivers one mail: it claims the mail (a short statement, no transaction held),
 * talks to SMTP, then records the result. A failure is thrown, so the queue tries again with exponential
 * back-off (e^attempt seconds, at most about 6 hours apart); after `maxAttempts` the mail has failed for good:
 * it is marked, logged, shown to the admin with a retry, and the job ends. A mail still claimed by an earlier
 * attempt that recorded no result (its answer or its recording lost to a database failure) fails the job too, so
 * the queue tries again after the claim expires instead of ending the job with the mail unsent (decision 020).
 */
export function createSendMailTask(options: MailDeliveryOptions): { task: Task; close: () => void } {
  const { db, log } = options;
  if (!options.smtpUrl) return { task: async () => undefined, close: () => undefined };
  const transport = nodemailer.createTransport(withPooling(options.smtpUrl));

  const task: Task = async (payload) => {
    const { mailId } = payload as { mailId: number };
    const mail = await claimMail(db, mailId);
    if (!mail) {
      if (!(await isMailClaimed(db, mailId))) return; // sent, or failed for good
      throw new MailStillClaimed(
        `mail ${mailId} is claimed by an attempt that recorded no result; tried again once the claim is ${MAIL_CLAIM_MINUTES} minutes old`,
      );
    }
    try {
      await transport.sendMail({
        from: options.from,
        to: mail.recipient,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        text: mail.body_text,
        html: mail.body_html ?? undefined,
        headers: mail.headers,
        attachments: mail.attachments.map((file) => ({ filename: file.filename, content: file.content, contentType: file.contentType })),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const hasFailed = await recordMailFailure(db, mail.id, message, options.maxAttempts);
      mailDeliveries.inc({ outcome: hasFailed ? 'failed' : 'retry' });
      if (hasFailed) {
        log.error(
          { mailId: mail.id, attempts: mail.attempts, err: error },
          'mail failed for good; the admin can retry it (ADMIN → MAILBOX)',
        );
        return;
      }
      throw new MailAttemptFailed(`mail ${mail.id}: ${message}`);
    }
    await recordMailSent(db, mail.id);
    mailDeliveries.inc({ outcome: 'sent' });
  };
  return { task, close: () => transport.close() };
}

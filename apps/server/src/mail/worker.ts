import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { withTransaction, type Db } from '../db/client.js';
import type { OutboxRow } from './outbox.js';

type WorkerOptions = { db: Db; smtpUrl: string; from: string; log: FastifyBaseLogger; intervalMs?: number };

const MAX_ATTEMPTS = 20;

/** A pooled connection keeps local sends at a few milliseconds. */
const withPooling = (smtpUrl: string) => (smtpUrl.includes('pool=') ? smtpUrl : `${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}pool=true`);

/**
 * Delivers queued mail over SMTP. Each mail is claimed with FOR UPDATE SKIP LOCKED, so several processes share
 * the work without sending one twice; a failure is retried with exponential back-off (1 min up to 6 h).
 */
export function startMailWorker(options: WorkerOptions): { stop: () => Promise<void>; deliverDue: () => Promise<number> } {
  const transport = nodemailer.createTransport(withPooling(options.smtpUrl));
  let isStopped = false;
  let running: Promise<number> = Promise.resolve(0);

  const deliverDue = async (): Promise<number> => {
    let delivered = 0;
    while (!isStopped) {
      const wasSent = await withTransaction(options.db, async (client) => {
        const { rows } = await client.query<OutboxRow>(
          `SELECT * FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < $1
           ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [MAX_ATTEMPTS],
        );
        const mail = rows[0];
        if (!mail) return undefined;
        try {
          await transport.sendMail({
            from: options.from,
            to: mail.recipient,
            replyTo: mail.reply_to ?? undefined,
            subject: mail.subject,
            text: mail.body_text,
            html: mail.body_html ?? undefined,
            attachments: mail.attachments.map((file) => ({ filename: file.filename, content: file.content, contentType: file.contentType })),
          });
          await client.query('UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1 WHERE id = $1', [mail.id]);
          return true;
        } catch (error) {
          options.log.warn({ err: error, mailId: mail.id }, 'mail delivery failed; will retry');
          await client.query(
            `UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2,
               next_attempt_at = now() + least(interval '6 hours', interval '1 minute' * power(2, attempts))
             WHERE id = $1`,
            [mail.id, String((error as Error).message).slice(0, 500)],
          );
          return false;
        }
      });
      if (wasSent === undefined || wasSent === false) break;
      delivered++;
    }
    return delivered;
  };

  const tick = () => {
    running = running.then(deliverDue).catch((error: unknown) => {
      options.log.error({ err: error }, 'mail worker failed');
      return 0;
    });
  };
  const timer = setInterval(tick, options.intervalMs ?? 2000);
  timer.unref();
  tick();

  return {
    deliverDue: () => {
      tick();
      return running;
    },
    stop: async () => {
      isStopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}

import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { databaseStatusOf } from '../db/database-status.js';
import { mailDeliveries } from '../lib/metrics.js';
import { activeTracing, type MailBatchOutcome } from '../tracing/tracing-hooks.js';
import { claimDueMail, recordMailFailure, recordMailsSent, releaseMailClaims, type OutboxRow } from './outbox.js';

export type MailRelayOptions = {
  db: Db;
  smtpUrl: string;
  from: string;
  /** Attempts before a mail has failed for good (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  log: FastifyBaseLogger;
  /** Mails claimed by one statement. */
  batchSize?: number;
  /** Mails of a batch being sent at once (nodemailer's pool keeps 5 connections). */
  concurrency?: number;
  /** How often a running relay looks for due mail when it found none (or fewer than a batch). */
  pollIntervalMs?: number;
  /** How long a stop waits for the batch in flight to be sent and recorded. */
  stopDeadlineMs?: number;
};

export type MailRelay = {
  /** Relays batches until no mail is due; answers how many mails it tried (sent or refused). */
  relayDueMail: () => Promise<number>;
  /** Relays due mail every pollIntervalMs, and at once after a full batch, until stopped. */
  start: () => void;
  /** Ends the loop once the batch in flight is sent and recorded (at most stopDeadlineMs), then closes SMTP. */
  stop: () => Promise<void>;
};

const defaults = { batchSize: 20, concurrency: 5, pollIntervalMs: 1_000, stopDeadlineMs: 10_000 };
/** After a failed pass (the database restarting), the next one waits this long, doubled per failure up to the most. */
const RETRY_DELAY_MS = { first: 1_000, most: 30_000 };

/**
 * Runs `record` again after 0.5, 1, 2 and 4 s if it fails: a result not recorded (a database restarting) would have
 * the mail sent again once its claim expires.
 */
async function withRetries(record: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await record();
    } catch (error) {
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : JSON.stringify(error));

/** A pooled connection keeps local sends at a few milliseconds. */
const withPooling = (smtpUrl: string) => (smtpUrl.includes('pool=') ? smtpUrl : `${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}pool=true`);

/**
 * The mail relay (decision 114): it claims the due mails of the outbox in batches (one statement each,
 * mail/outbox.ts claimDueMail), sends them over SMTP with no transaction open, a few at a time, and records the
 * results: the sent mails in one statement, each refused one with its back-off (e^attempts seconds, at most about
 * 6 hours), and after `maxAttempts` as failed for good (logged, in the admin's failed-mail list with a retry).
 * Relays in several processes share the outbox: a claim is a row's, so no two send the same mail. A mail whose
 * attempt never records its result is claimed again once the claim expires (MAIL_CLAIM_MINUTES): a mail is sent at
 * least once, and twice only if a result is lost after the SMTP server took the mail.
 */
export function createMailRelay(options: MailRelayOptions): MailRelay {
  const { db, log } = options;
  const { batchSize, concurrency, pollIntervalMs, stopDeadlineMs } = { ...defaults, ...options };
  const transport = nodemailer.createTransport(withPooling(options.smtpUrl));
  /** Set by stop(): the batch in flight sends nothing more. */
  let isStopping = false;

  const send = (mail: OutboxRow) =>
    transport.sendMail({
      from: options.from,
      to: mail.recipient,
      replyTo: mail.reply_to ?? undefined,
      subject: mail.subject,
      text: mail.body_text,
      html: mail.body_html ?? undefined,
      headers: mail.headers,
      attachments: mail.attachments.map((file) => ({ filename: file.filename, content: file.content, contentType: file.contentType })),
      // Base64 is encoded by Node.js natively; nodemailer encodes quoted-printable in JavaScript, which cost about a
      // third of the CPU of sending a mail.
      textEncoding: 'base64',
    });

  /**
   * Sends a claimed batch, `concurrency` at a time, and records every result. Once the relay is stopping, no more
   * of the batch is sent: the sends in flight finish and are recorded, and the mails not yet sent are given back,
   * due at once for the next relay, instead of being sent again with those already taken when their claim expires.
   */
  const relayBatch = async (mails: OutboxRow[]): Promise<MailBatchOutcome> => {
    const sent: number[] = [];
    const refused: { mail: OutboxRow; error: unknown }[] = [];
    let next = 0;
    const sender = async () => {
      while (next < mails.length && !isStopping) {
        const mail = mails[next++]!;
        await send(mail).then(
          () => sent.push(mail.id),
          (error: unknown) => refused.push({ mail, error }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, mails.length) }, sender));
    await withRetries(() => recordMailsSent(db, sent));
    const notSent = mails.slice(next).map((mail) => mail.id);
    if (notSent.length > 0) await withRetries(() => releaseMailClaims(db, notSent));
    mailDeliveries.inc({ outcome: 'sent' }, sent.length);
    let failed = 0;
    for (const { mail, error } of refused) {
      const message = messageOf(error);
      const hasFailed = await recordMailFailure(db, mail.id, message, options.maxAttempts);
      mailDeliveries.inc({ outcome: hasFailed ? 'failed' : 'retry' });
      if (hasFailed) {
        failed++;
        log.error(
          { mailId: mail.id, attempts: mail.attempts, err: error },
          'mail failed for good; the admin can retry it (ADMIN → MAILBOX)',
        );
      }
    }
    const [firstRefusal] = refused;
    return { sent: sent.length, refused: refused.length, failed, ...(firstRefusal ? { firstError: messageOf(firstRefusal.error) } : {}) };
  };

  /** One batch: claimed outside any span (an empty poll is no trace), sent and recorded inside one. */
  const relayOnce = async (): Promise<number> => {
    const mails = await claimDueMail(db, batchSize);
    if (mails.length === 0) return 0;
    const tracing = activeTracing();
    await (tracing ? tracing.traceMailBatch(mails.length, () => relayBatch(mails)) : relayBatch(mails));
    return mails.length;
  };

  const relayDueMail = async () => {
    let tried = 0;
    for (let claimed = batchSize; claimed === batchSize; tried += claimed) claimed = await relayOnce();
    return tried;
  };

  let isRunning = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const run = async () => {
    let failures = 0;
    while (isRunning) {
      let delay = pollIntervalMs;
      try {
        const claimed = await relayOnce();
        failures = 0;
        // A full batch: more may be due at once.
        if (claimed === batchSize) continue;
      } catch (error) {
        // A database restart or outage is logged once by the database's status (decision 021); the claims of a
        // batch whose results could not be recorded expire, and those mails are sent again then.
        failures++;
        delay = Math.min(RETRY_DELAY_MS.first * 2 ** (failures - 1), RETRY_DELAY_MS.most);
        if (!databaseStatusOf(db)?.noteFailure(error))
          log.warn({ err: error, retryInMs: delay }, 'mail relay: a batch failed; trying again');
      }
      if (isRunning) await pause(delay);
    }
  };

  return {
    relayDueMail,
    start: () => {
      if (isRunning) return;
      isRunning = true;
      isStopping = false;
      loop = run();
    },
    stop: async () => {
      isRunning = false;
      isStopping = true;
      wake?.();
      if (loop) {
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), stopDeadlineMs)));
        const ended = await Promise.race([loop.then(() => 'ended' as const), deadline]);
        clearTimeout(timer);
        if (ended === 'late') {
          log.warn(
            { waitedMs: stopDeadlineMs },
            'mail relay stopped before its batch was recorded; those mails are sent again once their claim expires',
          );
        }
      }
      transport.close();
    },
  };
}

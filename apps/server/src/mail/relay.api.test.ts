import { setTimeout as sleep } from 'node:timers/promises';
import { runOnce } from 'graphile-worker';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { startDatabaseProxy } from '../../test/database-proxy.js';
import { createTestApp, uniqueEmail } from '../../test/test-app.js';
import { createPool, withTransaction, type Db } from '../db/client.js';
import { quietJobLogger } from '../jobs/job-logger.js';
import { createTaskList, startJobRunner } from '../jobs/job-runner.js';
import { claimDueMail, enqueueMail, enqueueMailAtCommit, holdMailboxMail, purgeOldMail } from './outbox.js';
import { createMailRelay, type MailRelayOptions } from './relay.js';
import { passwordResetMail } from './templates.js';

const t = await createTestApp();

/**
 * What the in-process SMTP server received, whether it refuses mail (a temporary failure, 451), how long it takes
 * over each mail, and how many it has begun to receive.
 */
const smtp = { received: [] as ParsedMail[], isRefusing: false, delayMs: 0, receiving: 0 };
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo: (_address, _session, callback) => {
    if (!smtp.isRefusing) return callback();
    callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
  },
  onData: (stream, _session, callback) => {
    smtp.receiving++;
    simpleParser(stream)
      .then(async (mail) => {
        // Stands for a slow SMTP server, so that concurrent relays overlap (not a wait for a result).
        await sleep(smtp.delayMs);
        smtp.received.push(mail);
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.server.address() as { port: number };
afterAll(() => new Promise<void>((resolve) => server.close(resolve)));

type RelayOptions = Partial<Omit<MailRelayOptions, 'log' | 'smtpUrl'>>;
/** A relay as the running product makes it, sending to the in-process SMTP server. */
const relayOf = (options: RelayOptions = {}) =>
  createMailRelay({
    db: t.db,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'store@example.com',
    maxAttempts: 20,
    log: t.app.log,
    ...options,
  });
/** One relay's passes over the due mail until none is left. */
const relayDue = async (options: RelayOptions = {}) => {
  const relay = relayOf(options);
  try {
    return await relay.relayDueMail();
  } finally {
    await relay.stop();
  }
};

const receivedBy = (recipient: string) => smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === recipient);
const outboxRow = async (id: number) => {
  const { rows } = await t.db.query<{
    attempts: number;
    sent_at: Date | null;
    failed_at: Date | null;
    claimed_at: Date | null;
    last_error: string | null;
    body_text: string;
    body_html: string | null;
    attachments: unknown[];
    recipient: string;
    subject: string;
    kind: string | null;
    /** Seconds until the mail is due, from now. */
    due_in_seconds: number;
  }>(
    // PostgreSQL before 16 cannot subtract an infinite timestamp (a mailbox mail's, held from the relay).
    `SELECT *, CASE WHEN isfinite(next_attempt_at) THEN extract(epoch FROM next_attempt_at - clock_timestamp())::float
                    ELSE 'Infinity'::float END AS due_in_seconds
       FROM mail_outbox WHERE id = $1`,
    [id],
  );
  return rows[0]!;
};
/** Stands for the passing of time: the mail is due now. */
const makeDue = (id: number) => t.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [id]);
/** Stands for the passing of time: the mail's claim, and the attempt it put off, are `minutes` older. */
const ageClaim = (id: number, minutes: number) =>
  t.db.query(
    `UPDATE mail_outbox SET claimed_at = claimed_at - make_interval(mins => $2), next_attempt_at = next_attempt_at - make_interval(mins => $2)
      WHERE id = $1`,
    [id, minutes],
  );
/** One pass of the job queue over its due jobs (the clean-ups, a send_mail job of the previous version). */
const runDueJobs = async () => {
  const taskList = createTaskList({ db: t.db, config: t.config, log: t.app.log });
  await runOnce({ pgPool: t.db, taskList, logger: quietJobLogger });
};
/** Collects the process's unhandled rejections while `work` runs: Node.js would end the production process on one. */
const unhandledRejectionsOf = async (work: () => Promise<void>) => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    await work();
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
  return unhandled;
};

describe('mail relayed from the outbox', () => {
  it('sends a mail once, with its sender, and records it', async () => {
    const to = uniqueEmail('once');
    const id = await enqueueMail(t.db, { to, subject: 'Your licence', text: 'Hello' });
    expect((await outboxRow(id)).due_in_seconds).toBeLessThanOrEqual(0);
    await relayDue({ from: 'Plug-in Store <shop@example.com>' });
    expect(receivedBy(to)).toHaveLength(1);
    expect(receivedBy(to)[0]!).toMatchObject({ subject: 'Your licence', from: { text: '"Plug-in Store" <shop@example.com>' } });
    expect(await outboxRow(id)).toMatchObject({ attempts: 1, sent_at: expect.any(Date), claimed_at: null, failed_at: null });

    await relayDue();
    expect(receivedBy(to)).toHaveLength(1);
  });

  it('tries a refused mail again after its back-off (e^attempts seconds), until it is delivered once', async () => {
    const to = uniqueEmail('retry');
    const id = await enqueueMail(t.db, { to, subject: 'Your licence', text: 'Hello' });
    smtp.isRefusing = true;
    await relayDue();

    const first = await outboxRow(id);
    expect(first).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, claimed_at: null });
    expect(first.last_error).toMatch(/451/);
    expect(first.due_in_seconds).toBeGreaterThan(Math.E - 1);
    expect(first.due_in_seconds).toBeLessThanOrEqual(Math.E);

    // Not due yet: a pass leaves it alone.
    await relayDue();
    expect((await outboxRow(id)).attempts).toBe(1);

    await makeDue(id);
    await relayDue();
    const second = await outboxRow(id);
    expect(second).toMatchObject({ attempts: 2, sent_at: null });
    expect(second.due_in_seconds).toBeGreaterThan(Math.exp(2) - 1);
    expect(second.due_in_seconds).toBeLessThanOrEqual(Math.exp(2));

    smtp.isRefusing = false;
    await makeDue(id);
    await relayDue();
    expect(await outboxRow(id)).toMatchObject({ attempts: 3, sent_at: expect.any(Date), last_error: null });
    expect(receivedBy(to)).toHaveLength(1);
    expect(receivedBy(to)[0]!.subject).toBe('Your licence');
  });

  it('backs off at most about 6 hours (e^10 s) between attempts', async () => {
    const id = await enqueueMail(t.db, { to: uniqueEmail('late'), subject: 'Refused often', text: 'Hello' });
    await t.db.query('UPDATE mail_outbox SET attempts = 14 WHERE id = $1', [id]);
    smtp.isRefusing = true;
    await relayDue();
    smtp.isRefusing = false;
    const row = await outboxRow(id);
    expect(row).toMatchObject({ attempts: 15, failed_at: null });
    expect(row.due_in_seconds).toBeGreaterThan(Math.exp(10) - 5);
    expect(row.due_in_seconds).toBeLessThanOrEqual(Math.exp(10));
  });

  it('sends again a mail whose claim expired (its attempt died), and not before', async () => {
    const to = uniqueEmail('claim');
    const id = await enqueueMail(t.db, { to, subject: 'Claimed, never sent', text: 'Hello' });
    // An attempt claims it, then its process dies before it sends or records anything.
    const claimed = await claimDueMail(t.db, 1000);
    expect(claimed.map((mail) => mail.id)).toContain(id);
    expect(await outboxRow(id)).toMatchObject({ attempts: 1, claimed_at: expect.any(Date) });
    expect((await outboxRow(id)).due_in_seconds).toBeGreaterThan(14 * 60);

    await relayDue();
    expect(receivedBy(to)).toHaveLength(0);

    await ageClaim(id, 14);
    await relayDue();
    expect(receivedBy(to)).toHaveLength(0);

    await ageClaim(id, 2);
    await relayDue();
    expect(receivedBy(to)).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ attempts: 2, sent_at: expect.any(Date), claimed_at: null });
  });

  it('leaves a mail alone while a send_mail job of the previous version holds its claim (a rolling deploy)', async () => {
    const to = uniqueEmail('previous-version');
    const id = await enqueueMail(t.db, { to, subject: 'Claimed by the old worker', text: 'Hello' });
    // The previous version's claim: claimed_at set, next_attempt_at left where it was (due).
    await t.db.query('UPDATE mail_outbox SET claimed_at = now(), attempts = 1 WHERE id = $1', [id]);
    await relayDue();
    expect(receivedBy(to)).toHaveLength(0);
    await t.db.query(`UPDATE mail_outbox SET claimed_at = claimed_at - interval '16 minutes' WHERE id = $1`, [id]);
    await relayDue();
    expect(receivedBy(to)).toHaveLength(1);
  });

  it('ends a send_mail job of the previous version without sending; the relay sends its mail once', async () => {
    const to = uniqueEmail('job-before-relay');
    const id = await enqueueMail(t.db, { to, subject: 'Queued by the previous version', text: 'Hello' });
    await t.db.query(`SELECT graphile_worker.add_job('send_mail', json_build_object('mailId', $1::bigint), job_key => 'mail:' || $1)`, [
      id,
    ]);
    await runDueJobs();
    expect(receivedBy(to)).toHaveLength(0);
    expect((await t.db.query(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1`, [`mail:${id}`])).rowCount).toBe(0);
    await relayDue();
    expect(receivedBy(to)).toHaveLength(1);
  });

  it('never sends mail that the development mailbox delivered (no SMTP), once a process runs with SMTP', async () => {
    const to = uniqueEmail('mailbox');
    const jobs = await startJobRunner({ db: t.db, config: { ...t.config, SMTP_URL: undefined }, log: t.app.log });
    const written = await enqueueMail(t.db, { to, subject: 'Read in the mailbox', text: 'Hello' });
    await jobs.stop();
    const before = await enqueueMail(t.db, { to, subject: 'Written before the stop, held at the start', text: 'Hello' });
    await (await startJobRunner({ db: t.db, config: { ...t.config, SMTP_URL: undefined }, log: t.app.log })).stop();
    await relayDue();
    expect(receivedBy(to)).toHaveLength(0);
    for (const id of [written, before]) {
      expect(await outboxRow(id)).toMatchObject({ sent_at: null, failed_at: null, attempts: 0, due_in_seconds: Infinity });
    }
  });

  it('never sends a mail twice when two relays run at once over many mails', async () => {
    const recipients = Array.from({ length: 60 }, () => uniqueEmail('concurrent'));
    const ids = await Promise.all(recipients.map((to) => enqueueMail(t.db, { to, subject: 'Concurrent', text: 'Hello' })));
    smtp.delayMs = 10;
    // Each relay signs with its own sender, so the mail shows which one sent it; small batches, so they take turns.
    await Promise.all([
      relayDue({ from: 'first@example.com', batchSize: 4, concurrency: 2 }),
      relayDue({ from: 'second@example.com', batchSize: 4, concurrency: 2 }),
    ]);
    smtp.delayMs = 0;

    const mails = recipients.flatMap(receivedBy);
    expect(mails).toHaveLength(recipients.length);
    expect(mails.filter((mail) => mail.from?.text === 'first@example.com').length).toBeGreaterThan(0);
    expect(mails.filter((mail) => mail.from?.text === 'second@example.com').length).toBeGreaterThan(0);
    for (const to of recipients) expect(receivedBy(to)).toHaveLength(1);
    const { rows } = await t.db.query('SELECT attempts, sent_at IS NOT NULL AS is_sent FROM mail_outbox WHERE id = ANY($1) ORDER BY id', [
      ids,
    ]);
    expect(rows).toEqual(ids.map(() => ({ attempts: 1, is_sent: true })));
  });

  it('holds no transaction open while it talks to SMTP', async () => {
    const to = uniqueEmail('no-transaction');
    const id = await enqueueMail(t.db, { to, subject: 'Slow server', text: 'Hello' });
    smtp.delayMs = 300;
    const passing = relayDue();
    // While the SMTP server holds the mail, no session of this database is inside a transaction.
    let open: unknown[] = [];
    for (let check = 0; check < 50 && receivedBy(to).length === 0; check++) {
      const { rows } = await t.db.query(
        `SELECT pid, state, query FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL AND state <> 'active'`,
      );
      open = [...open, ...rows];
      await sleep(10);
    }
    await passing;
    smtp.delayMs = 0;
    expect(open).toEqual([]);
    expect((await outboxRow(id)).sent_at).toBeInstanceOf(Date);
  });

  it('inserts mails queued at commit with the transaction, and none of a transaction rolled back', async () => {
    const to = uniqueEmail('at-commit');
    const mailsTo = async () =>
      (await t.db.query<{ id: number; subject: string }>('SELECT id, subject FROM mail_outbox WHERE recipient = $1 ORDER BY id', [to]))
        .rows;
    await withTransaction(t.db, async (client) => {
      await enqueueMail(client, { to, subject: 'Now', text: 'One' });
      await enqueueMailAtCommit(client, {
        to,
        subject: 'At commit',
        text: 'Two',
        html: '<p>Two</p>',
        attachments: [{ filename: 'k.txt', content: 'key' }],
      });
      await enqueueMailAtCommit(client, {
        to,
        subject: 'Also at commit',
        text: 'Three',
        containsSecret: true,
        kind: 'licence-with-account-link',
      });
      // Not yet: the mails held for the commit are inserted just before it.
      const { rows } = await client.query('SELECT subject FROM mail_outbox WHERE recipient = $1', [to]);
      expect(rows).toEqual([{ subject: 'Now' }]);
    });
    const mails = await mailsTo();
    expect(mails.map((mail) => mail.subject)).toEqual(['Now', 'At commit', 'Also at commit']);
    const { rows } = await t.db.query('SELECT body_html, attachments, contains_secret, kind FROM mail_outbox WHERE id = $1', [
      mails[1]!.id,
    ]);
    expect(rows[0]).toEqual({
      body_html: '<p>Two</p>',
      attachments: [{ filename: 'k.txt', content: 'key' }],
      contains_secret: false,
      kind: null,
    });

    let rolledBack = 0;
    await expect(
      withTransaction(t.db, async (client) => {
        rolledBack = await enqueueMail(client, { to, subject: 'Never', text: 'Four' });
        await enqueueMailAtCommit(client, { to, subject: 'Never at commit', text: 'Five' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(rolledBack).toBeGreaterThan(0);
    expect((await mailsTo()).map((mail) => mail.subject)).toEqual(['Now', 'At commit', 'Also at commit']);

    await relayDue();
    expect(
      receivedBy(to)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(['Also at commit', 'At commit', 'Now']);
  });

  it('sends the attachments with their names, types and content, the HTML alternative and further headers', async () => {
    const to = uniqueEmail('attachment');
    const keyFile = 'Keyfile for Spacey\nUser: Jane\n#0123456789abcdef';
    await enqueueMail(t.db, {
      to,
      subject: 'Your Spacey licence',
      text: 'Your licence key file is attached.',
      html: '<p>Your licence key file is attached.</p>',
      replyTo: 'support@example.com',
      headers: { 'List-Unsubscribe': '<https://store.example/unsubscribe>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      attachments: [
        { filename: 'Spacey_SerialKey.txt', content: keyFile, contentType: 'text/plain' },
        // Without the stored type nodemailer would guess application/octet-stream from the name.
        { filename: 'Spacey.key', content: 'second file', contentType: 'text/plain' },
      ],
    });
    await relayDue();

    const [mail] = receivedBy(to);
    expect(mail).toBeDefined();
    expect(mail!.text?.trim()).toBe('Your licence key file is attached.');
    expect(mail!.html).toContain('<p>Your licence key file is attached.</p>');
    expect(mail!.replyTo?.text).toBe('support@example.com');
    expect(mail!.headerLines.map((header) => header.line)).toEqual(
      expect.arrayContaining([
        'List-Unsubscribe: <https://store.example/unsubscribe>',
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      ]),
    );
    const attachments = mail!.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.content.toString(),
    }));
    expect(attachments).toEqual([
      { filename: 'Spacey_SerialKey.txt', contentType: 'text/plain', content: keyFile },
      { filename: 'Spacey.key', contentType: 'text/plain', content: 'second file' },
    ]);
  });

  it('clears the text, HTML and attachments of a mail with a secret once it is sent, keeping what shows it was sent', async () => {
    const to = uniqueEmail('secret');
    const reset = passwordResetMail({ to, password: 'Secret-Pass-123' });
    const id = await enqueueMail(t.db, { ...reset, html: '<p>Secret-Pass-123</p>', attachments: [{ filename: 'a.txt', content: 'x' }] });
    const plain = await enqueueMail(t.db, { to, subject: 'No secret', text: 'Keep me' });
    expect((await outboxRow(id)).body_text).toContain('Secret-Pass-123');
    await relayDue();

    expect(receivedBy(to).find((mail) => mail.subject === 'Your new password')!.text).toContain('Secret-Pass-123');
    const row = await outboxRow(id);
    expect(row).toMatchObject({
      recipient: to,
      subject: 'Your new password',
      kind: 'password-reset',
      body_text: '',
      body_html: null,
      attachments: [],
    });
    expect(row.sent_at).toBeInstanceOf(Date);
    const { rows } = await t.db.query(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE body_text LIKE '%Secret-Pass-123%' OR body_html LIKE '%Secret-Pass-123%'`,
    );
    expect(rows[0].n).toBe(0);
    expect((await outboxRow(plain)).body_text).toBe('Keep me');
  });

  it('shows a mail that failed for good to the admin, who sends it again', async () => {
    const to = uniqueEmail('failed');
    const id = await enqueueMail(t.db, { to, subject: 'Refused twice', text: 'Hello', kind: 'test' });
    smtp.isRefusing = true;
    await relayDue({ maxAttempts: 2 });
    await makeDue(id);
    await relayDue({ maxAttempts: 2 });
    smtp.isRefusing = false;

    const failed = await outboxRow(id);
    expect(failed.failed_at).toBeInstanceOf(Date);
    expect(failed.attempts).toBe(2);
    // Nothing tries it again by itself, even once its back-off has passed.
    await makeDue(id);
    await relayDue({ maxAttempts: 2 });
    expect(receivedBy(to)).toHaveLength(0);
    const admin = await t.adminToken();
    const list = await t.request({ method: 'GET', url: '/api/mail/failed', token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ id, to, subject: 'Refused twice', kind: 'test', attempts: 2, lastError: expect.stringMatching(/451/) }),
    );

    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/mail/failed', token: customer.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/mail/${id}/retry`, token: customer.token })).statusCode).toBe(403);

    // Its back-off set far off, as after a late attempt: the retry makes it due now all the same.
    await t.db.query(`UPDATE mail_outbox SET next_attempt_at = now() + interval '6 hours' WHERE id = $1`, [id]);
    const retried = await t.request({ method: 'POST', url: `/api/mail/${id}/retry`, token: admin });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id });
    expect(await outboxRow(id)).toMatchObject({ failed_at: null, attempts: 0 });
    expect((await outboxRow(id)).due_in_seconds).toBeLessThanOrEqual(0);
    // A mail that has not failed (any longer) cannot be retried.
    expect((await t.request({ method: 'POST', url: `/api/mail/${id}/retry`, token: admin })).statusCode).toBe(404);
    await relayDue({ maxAttempts: 2 });
    expect(receivedBy(to)).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ failed_at: null, attempts: 1, sent_at: expect.any(Date) });
    expect((await t.request({ method: 'GET', url: '/api/mail/failed', token: admin })).json()).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    const { rows } = await t.db.query(`SELECT actor FROM audit_log WHERE entity = 'mail' AND entity_id = $1`, [String(id)]);
    expect(rows).toEqual([{ actor: 'admin' }]);
  });
});

describe('the running relay', () => {
  it('delivers a mail committed while it runs, within its poll interval', async () => {
    const relay = relayOf();
    relay.start();
    try {
      const to = uniqueEmail('running');
      await withTransaction(t.db, (client) => enqueueMailAtCommit(client, { to, subject: 'While running', text: 'Hello' }));
      await expect.poll(() => receivedBy(to).length, { timeout: 15_000, interval: 50 }).toBe(1);
    } finally {
      await relay.stop();
    }
  });

  it('lets the sends in flight finish and records them when it stops', async () => {
    const relay = relayOf({ pollIntervalMs: 50 });
    const to = uniqueEmail('stopping');
    const receivingBefore = smtp.receiving;
    smtp.delayMs = 500;
    relay.start();
    try {
      const id = await enqueueMail(t.db, { to, subject: 'In flight at the stop', text: 'Hello' });
      // The SMTP server has the mail and takes its time: the stop comes now.
      await expect.poll(() => smtp.receiving, { timeout: 15_000, interval: 10 }).toBeGreaterThan(receivingBefore);
      expect(receivedBy(to)).toHaveLength(0);
      await relay.stop();
      expect(receivedBy(to)).toHaveLength(1);
      expect(await outboxRow(id)).toMatchObject({ sent_at: expect.any(Date), claimed_at: null, attempts: 1 });
    } finally {
      smtp.delayMs = 0;
      await relay.stop();
    }
  });

  it('sends no more of its batch once stopped, and gives back at once the mails it did not try', async () => {
    const relay = relayOf({ pollIntervalMs: 50, batchSize: 12, concurrency: 2 });
    const to = Array.from({ length: 12 }, (_, index) => uniqueEmail(`stopping-batch-${index}`));
    const ids = await Promise.all(to.map((address) => enqueueMail(t.db, { to: address, subject: 'A slow batch', text: 'Hello' })));
    const receivingBefore = smtp.receiving;
    smtp.delayMs = 300;
    relay.start();
    try {
      // The SMTP server has the batch's first mails and takes its time: the stop comes now.
      await expect.poll(() => smtp.receiving, { timeout: 15_000, interval: 10 }).toBeGreaterThan(receivingBefore);
      await relay.stop();
      const rows = await Promise.all(ids.map(outboxRow));
      const sent = rows.filter((row) => row.sent_at !== null);
      // Every mail the SMTP server took is recorded as sent; the rest were never tried and are due again now.
      expect(to.filter((address) => receivedBy(address).length === 1)).toHaveLength(sent.length);
      expect(sent.length).toBeLessThan(ids.length);
      const { rows: given } = await t.db.query(
        `SELECT 1 FROM mail_outbox WHERE id = ANY($1) AND sent_at IS NULL AND claimed_at IS NULL AND attempts = 0 AND next_attempt_at <= now()`,
        [ids],
      );
      expect(given).toHaveLength(ids.length - sent.length);
    } finally {
      smtp.delayMs = 0;
      await relay.stop();
    }
    await relayDue();
    expect(to.map((address) => receivedBy(address).length)).toEqual(to.map(() => 1));
  });

  it(
    'goes on relaying after a database restart, with no unhandled rejection (which would end the process)',
    { timeout: 60_000 },
    async () => {
      const proxy = await startDatabaseProxy(t.config.DATABASE_URL!);
      const db: Db = createPool(proxy.url, 3);
      const relay = relayOf({ db, pollIntervalMs: 100 });
      try {
        const unhandled = await unhandledRejectionsOf(async () => {
          relay.start();
          const before = uniqueEmail('before-restart');
          await enqueueMail(t.db, { to: before, subject: 'Before the restart', text: 'Hello' });
          await expect.poll(() => receivedBy(before).length, { timeout: 15_000, interval: 50 }).toBe(1);

          const refusedBefore = proxy.refused;
          proxy.cut();
          // The relay's next passes fail on the way to the database, and it tries again.
          await expect.poll(() => proxy.refused, { timeout: 15_000, interval: 50 }).toBeGreaterThan(refusedBefore);
          const after = uniqueEmail('after-restart');
          await enqueueMail(t.db, { to: after, subject: 'During the restart', text: 'Hello' });
          await sleep(300); // a brief restart
          proxy.restore();
          await expect.poll(() => receivedBy(after).length, { timeout: 40_000, interval: 100 }).toBe(1);
        });
        expect(unhandled.map(String)).toEqual([]);
      } finally {
        await relay.stop();
        await db.end();
        await proxy.close();
      }
    },
  );
});

describe('outbox clean-up', () => {
  const backdate = (id: number, interval: string, column = 'created_at') =>
    t.db.query(`UPDATE mail_outbox SET ${column} = ${column} - $2::interval WHERE id = $1`, [id, interval]);

  it('deletes delivered mail after the retention period and keeps unsent and recent mail', async () => {
    const to = uniqueEmail('retention');
    const [oldSent, recentSent, oldUnsent] = await Promise.all([
      enqueueMail(t.db, { to, subject: 'old sent', text: 'a' }),
      enqueueMail(t.db, { to, subject: 'recent sent', text: 'b' }),
      enqueueMail(t.db, { to, subject: 'old unsent', text: 'c' }),
    ]);
    await t.db.query('UPDATE mail_outbox SET sent_at = now() WHERE id = ANY($1)', [[oldSent, recentSent]]);
    await backdate(oldSent, '31 days');
    await backdate(oldUnsent, '31 days');
    await backdate(recentSent, '29 days');
    await purgeOldMail(t.db, { retentionDays: 30, isMailboxDelivery: false });
    const { rows } = await t.db.query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE recipient = $1 ORDER BY subject', [to]);
    expect(rows.map((row) => row.subject)).toEqual(['old unsent', 'recent sent']);
  });

  it('in the development mailbox, clears the bodies of mail with a secret after 24 hours', async () => {
    const to = uniqueEmail('mailbox-secret');
    const old = await enqueueMail(t.db, passwordResetMail({ to, password: 'Old-Secret-1' }));
    const recent = await enqueueMail(t.db, passwordResetMail({ to, password: 'New-Secret-2' }));
    const plain = await enqueueMail(t.db, { to, subject: 'plain', text: 'stays' });
    await backdate(old, '25 hours');
    await backdate(plain, '25 hours');
    await purgeOldMail(t.db, { retentionDays: 30, isMailboxDelivery: true });
    expect(await outboxRow(old)).toMatchObject({ body_text: '', subject: 'Your new password', kind: 'password-reset' });
    expect((await outboxRow(recent)).body_text).toContain('New-Secret-2');
    expect((await outboxRow(plain)).body_text).toBe('stays');
  });

  it("with SMTP, deletes the mailbox's held mail after the retention period and clears its secrets after 24 hours", async () => {
    const to = uniqueEmail('held-mailbox');
    const oldHeld = await enqueueMail(t.db, passwordResetMail({ to, password: 'Held-Secret-1' }));
    const recentHeld = await enqueueMail(t.db, passwordResetMail({ to, password: 'Held-Secret-2' }));
    // The first two were shown in the development mailbox, which held them as a stop without SMTP does; then SMTP was set.
    expect(await holdMailboxMail(t.db)).toBeGreaterThanOrEqual(2);
    const dueMail = await enqueueMail(t.db, { to, subject: 'due, not sent yet', text: 'kept' });
    await backdate(oldHeld, '31 days');
    await backdate(recentHeld, '25 hours');
    await backdate(dueMail, '31 days');
    await purgeOldMail(t.db, { retentionDays: 30, isMailboxDelivery: false });
    const { rows } = await t.db.query<{ id: number; body_text: string }>(
      'SELECT id, body_text FROM mail_outbox WHERE recipient = $1 ORDER BY id',
      [to],
    );
    expect(rows).toEqual([
      { id: recentHeld, body_text: '' },
      { id: dueMail, body_text: 'kept' },
    ]);
  });

  it('runs the clean-ups as jobs of the queue: expired sessions go', async () => {
    const customer = await t.registerCustomer();
    await t.db.query(
      `UPDATE session SET expires_at = now() - interval '1 minute' WHERE login_id = (SELECT id FROM login WHERE login_name = $1)`,
      [customer.email],
    );
    await t.db.query(`SELECT graphile_worker.add_job('purge_expired_sessions')`);
    await runDueJobs();
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM session WHERE expires_at <= now()`);
    expect(rows[0].n).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/userinfo/products', token: customer.token })).statusCode).toBe(401);
  });
});

describe('templated mail', () => {
  it('sends a templated mail as HTML with its plain-text alternative', async () => {
    const to = uniqueEmail('html');
    await enqueueMail(t.db, passwordResetMail({ to, password: 'Kx7-pq2-Lm', siteUrl: 'https://store.example' }));
    await relayDue();
    const [mail] = receivedBy(to);
    expect(mail!.text).toContain('Your new password: Kx7-pq2-Lm');
    expect(mail!.html).toContain('https://store.example/login');
    expect(mail!.html).toContain('Kx7-pq2-Lm');
  });
});

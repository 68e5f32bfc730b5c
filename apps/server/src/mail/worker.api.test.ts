import { setTimeout as sleep } from 'node:timers/promises';
import { runOnce } from 'graphile-worker';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../test/test-app.js';
import { withTransaction, type Db } from '../db/client.js';
import { quietJobLogger } from '../jobs/job-logger.js';
import { createTaskList } from '../jobs/job-runner.js';
import { enqueueMail, enqueueMailAtCommit, purgeOldMail, requeueAbandonedMail } from './outbox.js';
import { passwordResetMail } from './templates.js';

const t = await createTestApp();

/** What the in-process SMTP server received, and whether it refuses mail (a temporary failure, 451). */
const smtp = { received: [] as ParsedMail[], isRefusing: false, delayMs: 0 };
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo: (_address, _session, callback) => {
    if (!smtp.isRefusing) return callback();
    callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
  },
  onData: (stream, _session, callback) => {
    simpleParser(stream)
      .then(async (mail) => {
        // Stands for a slow SMTP server, so that concurrent workers overlap (not a wait for a result).
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

/** One pass of a job-queue worker over every job that is due, as the running product's worker makes them. */
const runDueJobs = async (options: { from?: string; maxAttempts?: number; db?: Db } = {}) => {
  const config = {
    ...t.config,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: options.from ?? 'store@example.com',
    MAIL_MAX_ATTEMPTS: options.maxAttempts ?? 20,
  };
  const { taskList, close } = createTaskList({ db: options.db ?? t.db, config, log: t.app.log });
  try {
    await runOnce({ pgPool: t.db, taskList, logger: quietJobLogger });
  } finally {
    close();
  }
  await jobsReleased();
};
/**
 * Waits (polling, not a fixed wait) until the queue holds no job: runOnce ends when its workers find nothing more
 * to do, which can be a moment before the queue has written down the last job's outcome (graphile-worker records a
 * job's completion or failure without waiting for it), and the queue leaves a job it still holds as it is.
 */
const jobsReleased = async () => {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const { rows } = await t.db.query<{ held: number }>(
      'SELECT count(*)::int AS held FROM graphile_worker.jobs WHERE locked_at IS NOT NULL',
    );
    if (rows[0]!.held === 0) return;
    await sleep(20);
  }
  throw new Error('the job queue still held a job 10 s after its pass');
};

const receivedBy = (recipient: string) => smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === recipient);
const outboxRow = async (id: number) => {
  const { rows } = await t.db.query<{
    attempts: number;
    sent_at: Date | null;
    failed_at: Date | null;
    last_error: string | null;
    body_text: string;
    body_html: string | null;
    attachments: unknown[];
    recipient: string;
    subject: string;
    kind: string | null;
  }>('SELECT * FROM mail_outbox WHERE id = $1', [id]);
  return rows[0]!;
};
/** The mail's job in the queue: seconds until it is due, and the queue's count of attempts. */
const jobOf = async (id: number) => {
  const { rows } = await t.db.query<{ id: string; attempts: number; due_in_seconds: number }>(
    `SELECT id, attempts, extract(epoch FROM run_at - clock_timestamp())::float AS due_in_seconds FROM graphile_worker.jobs WHERE key = $1`,
    [`mail:${id}`],
  );
  return rows[0];
};
/**
 * The test database as the tasks see it, except that the answer to the first mail claim is lost on the way back:
 * the claim is made, and the task gets a lost connection instead (a database blip).
 */
const losingFirstClaimAnswer = (): Db => {
  let isLost = false;
  const query = async (text: string, values?: unknown[]) => {
    const answer = await t.db.query(text, values);
    if (!isLost && text.includes('SET claimed_at = now()')) {
      isLost = true;
      throw new Error('Connection terminated unexpectedly');
    }
    return answer;
  };
  return { query } as unknown as Db;
};
/** Stands for the passing of time: the mail's claim is `minutes` older. */
const ageClaim = (id: number, minutes: number) =>
  t.db.query(`UPDATE mail_outbox SET claimed_at = claimed_at - make_interval(mins => $2) WHERE id = $1`, [id, minutes]);
/** Stands for the passing of time: the mail's job is due again now. */
const makeDue = async (id: number) => {
  const job = await jobOf(id);
  const { rowCount } = await t.db.query('SELECT * FROM graphile_worker.reschedule_jobs(ARRAY[$1::bigint], run_at => now())', [job!.id]);
  expect(rowCount).toBe(1);
};

describe('mail delivery through the job queue', () => {
  it('retries a mail whose sending fails, backing off, until it is delivered once', async () => {
    const to = uniqueEmail('retry');
    const id = await enqueueMail(t.db, { to, subject: 'Your licence', text: 'Hello' });
    smtp.isRefusing = true;
    await runDueJobs();

    const first = await outboxRow(id);
    expect(first).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(first.last_error).toMatch(/451/);
    const job = await jobOf(id);
    expect(job!.attempts).toBe(1);
    expect(job!.due_in_seconds).toBeGreaterThan(1);

    // Not due yet: a pass leaves it alone.
    await runDueJobs();
    expect((await outboxRow(id)).attempts).toBe(1);

    await makeDue(id);
    await runDueJobs();
    expect(await outboxRow(id)).toMatchObject({ attempts: 2, sent_at: null });
    expect((await jobOf(id))!.due_in_seconds).toBeGreaterThan(job!.due_in_seconds);

    smtp.isRefusing = false;
    await makeDue(id);
    await runDueJobs();
    const delivered = await outboxRow(id);
    expect(delivered.attempts).toBe(3);
    expect(delivered.sent_at).toBeInstanceOf(Date);
    expect(await jobOf(id)).toBeUndefined();
    expect(receivedBy(to)).toHaveLength(1);
    expect(receivedBy(to)[0]!.subject).toBe('Your licence');

    await runDueJobs();
    expect(receivedBy(to)).toHaveLength(1);
  });

  it('keeps trying a mail whose attempt lost its claim to a database failure, and sends it once the claim expires', async () => {
    const to = uniqueEmail('lost-claim');
    const id = await enqueueMail(t.db, { to, subject: 'Claimed, never sent', text: 'Hello' });
    await runDueJobs({ db: losingFirstClaimAnswer() });
    expect(await outboxRow(id)).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(receivedBy(to)).toHaveLength(0);

    // The retry finds the mail claimed by the attempt that never finished: the job stays, to try again later.
    await makeDue(id);
    await runDueJobs();
    expect(await outboxRow(id)).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    const job = await jobOf(id);
    expect(job).toBeDefined();
    expect(job!.due_in_seconds).toBeGreaterThan(1);

    await ageClaim(id, 16);
    await makeDue(id);
    await runDueJobs();
    expect((await outboxRow(id)).sent_at).toBeInstanceOf(Date);
    expect(receivedBy(to)).toHaveLength(1);
    expect(await jobOf(id)).toBeUndefined();
  });

  it('queues again, every hour, an unsent mail whose attempt never finished and whose job is gone', async () => {
    const to = uniqueEmail('abandoned');
    const [abandoned, recent] = await Promise.all([
      enqueueMail(t.db, { to, subject: 'Abandoned', text: 'Hello' }),
      enqueueMail(t.db, { to, subject: 'Still being sent', text: 'Hello' }),
    ]);
    // As the previous version left such mail: claimed, unsent, its job ended.
    await t.db.query(`UPDATE mail_outbox SET claimed_at = now(), attempts = 1 WHERE id = ANY($1)`, [[abandoned, recent]]);
    await t.db.query(`SELECT graphile_worker.remove_job(key) FROM unnest($1::text[]) AS key`, [[`mail:${abandoned}`, `mail:${recent}`]]);
    await ageClaim(abandoned, 16);

    await t.db.query(`SELECT graphile_worker.add_job('requeue_abandoned_mail')`);
    await runDueJobs();
    expect(receivedBy(to).map((mail) => mail.subject)).toEqual(['Abandoned']);
    expect(await outboxRow(abandoned)).toMatchObject({ attempts: 2, sent_at: expect.any(Date) });
    // A claim younger than the timeout may belong to an attempt still talking to SMTP: left alone.
    expect(await outboxRow(recent)).toMatchObject({ attempts: 1, sent_at: null });
    expect(await jobOf(recent)).toBeUndefined();
  });

  it('leaves an old claim whose job a worker still holds to that worker: no second job to send it again', async () => {
    const held = await enqueueMail(t.db, { to: uniqueEmail('held'), subject: 'Held by a slow worker', text: 'Hello' });
    await t.db.query(`UPDATE mail_outbox SET claimed_at = now(), attempts = 1 WHERE id = $1`, [held]);
    await ageClaim(held, 16);
    const lockJob = (lockedBy: string | null) =>
      t.db.query(
        `UPDATE graphile_worker._private_jobs SET locked_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END, locked_by = $2 WHERE key = $1`,
        [`mail:${held}`, lockedBy],
      );
    const jobsOfHeld = async () =>
      (
        await t.db.query<{ locked_by: string | null }>(
          `SELECT locked_by FROM graphile_worker._private_jobs WHERE payload->>'mailId' = $1`,
          [String(held)],
        )
      ).rows;
    await lockJob('a slow worker');
    try {
      expect(await requeueAbandonedMail(t.db)).toBe(0);
      expect(await jobsOfHeld()).toEqual([{ locked_by: 'a slow worker' }]);
    } finally {
      await lockJob(null);
    }
    // Once the worker lets go of it without a result, the sweep makes it due again (the same job).
    expect(await requeueAbandonedMail(t.db)).toBe(1);
    expect(await jobsOfHeld()).toEqual([{ locked_by: null }]);
    await runDueJobs();
    expect(await outboxRow(held)).toMatchObject({ attempts: 2, sent_at: expect.any(Date) });
  });

  it("inserts mails queued at commit with the jobs of all the transaction's mails, and none of a transaction rolled back", async () => {
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
    });
    const mails = await mailsTo();
    expect(mails.map((mail) => mail.subject)).toEqual(['Now', 'At commit', 'Also at commit']);
    for (const mail of mails) expect(await jobOf(mail.id)).toBeDefined();
    const { rows } = await t.db.query('SELECT body_html, attachments, contains_secret, kind FROM mail_outbox WHERE id = $1', [
      mails[1]!.id,
    ]);
    expect(rows[0]).toEqual({
      body_html: '<p>Two</p>',
      attachments: [{ filename: 'k.txt', content: 'key' }],
      contains_secret: false,
      kind: null,
    });

    await expect(
      withTransaction(t.db, async (client) => {
        await enqueueMailAtCommit(client, { to, subject: 'Never', text: 'Four' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await mailsTo()).map((mail) => mail.subject)).toEqual(['Now', 'At commit', 'Also at commit']);

    await runDueJobs();
    expect(
      receivedBy(to)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(['Also at commit', 'At commit', 'Now']);
  });

  it("queues the jobs of a transaction's mails when it commits, and none of a transaction rolled back", async () => {
    const to = uniqueEmail('batch');
    const ids = await withTransaction(t.db, async (client) => {
      const first = await enqueueMail(client, { to, subject: 'First', text: 'One' });
      const second = await enqueueMail(client, { to, subject: 'Second', text: 'Two' });
      // Not yet: the jobs are queued together just before the commit.
      const { rows } = await client.query('SELECT 1 FROM graphile_worker.jobs WHERE key = ANY($1)', [[`mail:${first}`, `mail:${second}`]]);
      expect(rows).toEqual([]);
      return [first, second];
    });
    expect(await jobOf(ids[0]!)).toBeDefined();
    expect(await jobOf(ids[1]!)).toBeDefined();

    let rolledBack = 0;
    await expect(
      withTransaction(t.db, async (client) => {
        rolledBack = await enqueueMail(client, { to, subject: 'Never', text: 'Three' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobOf(rolledBack)).toBeUndefined();
    const { rows } = await t.db.query('SELECT 1 FROM mail_outbox WHERE id = $1', [rolledBack]);
    expect(rows).toEqual([]);

    await runDueJobs();
    expect(
      receivedBy(to)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(['First', 'Second']);
  });

  it('holds no transaction open while it talks to SMTP', async () => {
    const to = uniqueEmail('no-transaction');
    const id = await enqueueMail(t.db, { to, subject: 'Slow server', text: 'Hello' });
    smtp.delayMs = 300;
    const passing = runDueJobs();
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

  it('never sends a mail twice when two workers run at once', async () => {
    const recipients = Array.from({ length: 20 }, () => uniqueEmail('concurrent'));
    const ids = await Promise.all(recipients.map((to) => enqueueMail(t.db, { to, subject: 'Concurrent', text: 'Hello' })));
    smtp.delayMs = 20;
    // Each worker signs with its own sender, so the mail shows which one sent it.
    await Promise.all([runDueJobs({ from: 'first@example.com' }), runDueJobs({ from: 'second@example.com' })]);
    smtp.delayMs = 0;

    const mails = recipients.flatMap(receivedBy);
    expect(mails.filter((mail) => mail.from?.text === 'first@example.com').length).toBeGreaterThan(0);
    expect(mails.filter((mail) => mail.from?.text === 'second@example.com').length).toBeGreaterThan(0);
    for (const to of recipients) expect(receivedBy(to)).toHaveLength(1);
    const { rows } = await t.db.query('SELECT attempts, sent_at IS NOT NULL AS is_sent FROM mail_outbox WHERE id = ANY($1) ORDER BY id', [
      ids,
    ]);
    expect(rows).toEqual(ids.map(() => ({ attempts: 1, is_sent: true })));
  });

  it('sends the attachments with their names, types and content, and the HTML alternative', async () => {
    const to = uniqueEmail('attachment');
    const keyFile = 'Keyfile for Spacey\nUser: Jane\n#0123456789abcdef';
    await enqueueMail(t.db, {
      to,
      subject: 'Your Spacey licence',
      text: 'Your licence key file is attached.',
      html: '<p>Your licence key file is attached.</p>',
      replyTo: 'support@example.com',
      attachments: [
        { filename: 'Spacey_SerialKey.txt', content: keyFile, contentType: 'text/plain' },
        // Without the stored type nodemailer would guess application/octet-stream from the name.
        { filename: 'Spacey.key', content: 'second file', contentType: 'text/plain' },
      ],
    });
    await runDueJobs();

    const [mail] = receivedBy(to);
    expect(mail).toBeDefined();
    expect(mail!.text?.trim()).toBe('Your licence key file is attached.');
    expect(mail!.html).toContain('<p>Your licence key file is attached.</p>');
    expect(mail!.replyTo?.text).toBe('support@example.com');
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
    await runDueJobs();

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
    await runDueJobs({ maxAttempts: 2 });
    await makeDue(id);
    await runDueJobs({ maxAttempts: 2 });
    smtp.isRefusing = false;

    const failed = await outboxRow(id);
    expect(failed.failed_at).toBeInstanceOf(Date);
    expect(failed.attempts).toBe(2);
    expect(await jobOf(id)).toBeUndefined(); // the job ended: nothing retries it by itself
    const admin = await t.adminToken();
    const list = await t.request({ method: 'GET', url: '/api/mail/failed', token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ id, to, subject: 'Refused twice', kind: 'test', attempts: 2, lastError: expect.stringMatching(/451/) }),
    );

    const customer = await t.registerCustomer();
    expect((await t.request({ method: 'GET', url: '/api/mail/failed', token: customer.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/mail/${id}/retry`, token: customer.token })).statusCode).toBe(403);

    const retried = await t.request({ method: 'POST', url: `/api/mail/${id}/retry`, token: admin });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id });
    // A mail that has not failed (any longer) cannot be retried.
    expect((await t.request({ method: 'POST', url: `/api/mail/${id}/retry`, token: admin })).statusCode).toBe(404);
    await runDueJobs({ maxAttempts: 2 });
    expect(receivedBy(to)).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ failed_at: null, attempts: 1 });
    expect((await t.request({ method: 'GET', url: '/api/mail/failed', token: admin })).json()).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    const { rows } = await t.db.query(`SELECT actor FROM audit_log WHERE entity = 'mail' AND entity_id = $1`, [String(id)]);
    expect(rows).toEqual([{ actor: 'admin' }]);
  });
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
    await runDueJobs();
    const [mail] = receivedBy(to);
    expect(mail!.text).toContain('Your new password: Kx7-pq2-Lm');
    expect(mail!.html).toContain('https://store.example/login');
    expect(mail!.html).toContain('Kx7-pq2-Lm');
  });
});

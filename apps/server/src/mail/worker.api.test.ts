import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../test/test-app.js';
import { enqueueMail } from './outbox.js';
import { passwordResetMail } from './templates.js';
import { startMailWorker } from './worker.js';

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

const workers: ReturnType<typeof startMailWorker>[] = [];
/** A worker that runs only when told (`deliverDue`), apart from the pass it makes on start. */
const startWorker = (from = 'store@example.com') => {
  const worker = startMailWorker({ db: t.db, smtpUrl: `smtp://127.0.0.1:${port}`, from, log: t.app.log, intervalMs: 3_600_000 });
  workers.push(worker);
  return worker;
};
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  smtp.isRefusing = false;
  smtp.delayMs = 0;
});

const receivedBy = (recipient: string) => smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === recipient);
const outboxRow = async (id: number) => {
  const { rows } = await t.db.query<{ attempts: number; sent_at: Date | null; last_error: string | null; due_in_seconds: number }>(
    `SELECT attempts, sent_at, last_error, extract(epoch FROM next_attempt_at - clock_timestamp())::float AS due_in_seconds
       FROM mail_outbox WHERE id = $1`,
    [id],
  );
  return rows[0]!;
};
/** Stands for the passing of time: the mail is due again now. */
const makeDue = (id: number) => t.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [id]);

describe('mail worker', () => {
  it('retries a mail whose sending fails, backing off, until it is delivered once', async () => {
    const to = uniqueEmail('retry');
    const id = await enqueueMail(t.db, { to, subject: 'Your licence', text: 'Hello' });
    smtp.isRefusing = true;
    const worker = startWorker();
    await worker.deliverDue();

    const first = await outboxRow(id);
    expect(first).toMatchObject({ attempts: 1, sent_at: null });
    expect(first.last_error).toMatch(/451/);
    expect(first.due_in_seconds).toBeGreaterThan(50);
    expect(first.due_in_seconds).toBeLessThanOrEqual(60);

    // Not due yet: a pass leaves it alone.
    await worker.deliverDue();
    expect((await outboxRow(id)).attempts).toBe(1);

    await makeDue(id);
    await worker.deliverDue();
    const second = await outboxRow(id);
    expect(second).toMatchObject({ attempts: 2, sent_at: null });
    expect(second.due_in_seconds).toBeGreaterThan(110);
    expect(second.due_in_seconds).toBeLessThanOrEqual(120);

    smtp.isRefusing = false;
    await makeDue(id);
    expect(await worker.deliverDue()).toBeGreaterThanOrEqual(1);
    const delivered = await outboxRow(id);
    expect(delivered.attempts).toBe(3);
    expect(delivered.sent_at).toBeInstanceOf(Date);
    expect(receivedBy(to)).toHaveLength(1);
    expect(receivedBy(to)[0]!.subject).toBe('Your licence');

    await makeDue(id);
    await worker.deliverDue();
    expect(receivedBy(to)).toHaveLength(1);
  });

  it('never sends a mail twice when two workers run at once', async () => {
    const recipients = Array.from({ length: 20 }, () => uniqueEmail('concurrent'));
    const ids = await Promise.all(recipients.map((to) => enqueueMail(t.db, { to, subject: 'Concurrent', text: 'Hello' })));
    // A slow server keeps each worker's claim open while the other looks for work.
    smtp.delayMs = 20;
    // Each worker signs with its own sender, so the mail shows which one sent it.
    const [first, second] = [startWorker('first@example.com'), startWorker('second@example.com')];
    await Promise.all([first.deliverDue(), second.deliverDue()]);

    const mails = recipients.flatMap(receivedBy);
    expect(mails.filter((mail) => mail.from?.text === 'first@example.com').length).toBeGreaterThan(0);
    expect(mails.filter((mail) => mail.from?.text === 'second@example.com').length).toBeGreaterThan(0);
    for (const to of recipients) expect(receivedBy(to)).toHaveLength(1);
    const { rows } = await t.db.query('SELECT attempts, sent_at IS NOT NULL AS is_sent FROM mail_outbox WHERE id = ANY($1)', [ids]);
    expect(rows).toEqual(ids.map(() => ({ attempts: 1, is_sent: true })));
  });

  it('sends the attachments with their names, types and content', async () => {
    const to = uniqueEmail('attachment');
    const keyFile = 'Keyfile for Spacey\nUser: Jane\n#0123456789abcdef';
    await enqueueMail(t.db, {
      to,
      subject: 'Your Spacey licence',
      text: 'Your licence key file is attached.',
      replyTo: 'support@example.com',
      attachments: [
        { filename: 'Spacey_SerialKey.txt', content: keyFile, contentType: 'text/plain' },
        // Without the stored type nodemailer would guess application/octet-stream from the name.
        { filename: 'Spacey.key', content: 'second file', contentType: 'text/plain' },
      ],
    });
    await startWorker().deliverDue();

    const [mail] = receivedBy(to);
    expect(mail).toBeDefined();
    expect(mail!.text?.trim()).toBe('Your licence key file is attached.');
    expect(mail!.replyTo?.text).toBe('support@example.com');
    const attachments = mail!.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content.toString() }));
    expect(attachments).toEqual([
      { filename: 'Spacey_SerialKey.txt', contentType: 'text/plain', content: keyFile },
      { filename: 'Spacey.key', contentType: 'text/plain', content: 'second file' },
    ]);
  });

  it('sends a templated mail as HTML with its plain-text alternative', async () => {
    const to = uniqueEmail('html');
    await enqueueMail(t.db, passwordResetMail({ to, password: 'Kx7-pq2-Lm', siteUrl: 'https://store.example' }));
    await startWorker().deliverDue();
    const [mail] = receivedBy(to);
    expect(mail!.text).toContain('Your new password: Kx7-pq2-Lm');
    expect(mail!.html).toContain('https://store.example/login');
    expect(mail!.html).toContain('Kx7-pq2-Lm');
  });
});

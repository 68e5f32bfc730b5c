import { canonicalEmail } from '@store/contracts/email-address';
import type { Queryable } from '../db/client.js';
import { addressLikePatterns, mentionsToErase, redactJson, redactText, type PersonalTexts } from '../lib/redact.js';

// The outbox's part in a customer's data rights (docs/PRIVACY.md): the mails of an address for its export, and the
// erasure of a person from the outbox.

export type MailOfAddress = {
  id: number;
  recipient: string;
  reply_to: string | null;
  subject: string;
  kind: string | null;
  created_at: Date;
  sent_at: Date | null;
  /** Null for a mail that carries a password or a sign-in link: its text is no one's to read again. */
  body_text: string | null;
  attachment_names: string[];
};

/**
 * Whether a mail's recipient or reply-to is one of the addresses (canonical forms): the outbox keeps no canonical
 * column, so the rows `lower()` finds are checked here, and a mail to "İnfo@" is not one to "info@" (decision 082).
 */
const isMailOf = (mail: { recipient: string; reply_to: string | null }, addresses: ReadonlySet<string>) =>
  [mail.recipient, mail.reply_to].some((address) => address !== null && addresses.has(canonicalEmail(address) ?? ''));

/** The mails to the address, and those sent for it (its support requests, with it as reply-to), oldest first. */
export async function listMailOfAddress(db: Queryable, email: string): Promise<MailOfAddress[]> {
  const canonical = canonicalEmail(email);
  if (canonical === undefined) return [];
  const { rows } = await db.query<MailOfAddress>(
    `SELECT id, recipient, reply_to, subject, kind, created_at, sent_at,
            CASE WHEN contains_secret OR body_cleared_at IS NOT NULL THEN NULL ELSE body_text END AS body_text,
            ARRAY(SELECT file->>'filename' FROM jsonb_array_elements(attachments) AS file) AS attachment_names
       FROM mail_outbox WHERE $1 <> '' AND (lower(recipient) = lower($1) OR lower(reply_to) = lower($1)) ORDER BY id`,
    [email],
  );
  return rows.filter((mail) => isMailOf(mail, new Set([canonical])));
}

type MailContent = { subject: string; body_text: string; body_html: string | null; attachments: unknown; last_error: string | null };

/**
 * Erases a person from the outbox: the mails to their addresses and those sent for them (reply-to) are deleted, with
 * any delivery job still waiting. Every other mail that mentions them keeps its place with their mentions replaced as
 * mentionsToErase says (decision 093): a mail written in the transaction of a transfer of a licence to them
 * (`transfersToThemAt`: the previous owner's notice, which names them and not their address) is theirs and loses
 * every mention; any other one (a gift's receipt to its payer, a note to support) is about them only if it holds
 * their address whole, and then loses the same; one without their address is not touched. Times are compared to the
 * millisecond, as they arrive here (JavaScript's Date). Answers how many were deleted and how many redacted.
 */
export async function eraseMailOf(
  db: Queryable,
  person: { texts: PersonalTexts; transfersToThemAt: readonly Date[] },
): Promise<{ deleted: number; redacted: number }> {
  const { texts } = person;
  const addresses = new Set(texts.emails.flatMap((email) => canonicalEmail(email) ?? []));
  const { rows: candidates } = await db.query<{ id: number; recipient: string; reply_to: string | null }>(
    `SELECT id, recipient, reply_to FROM mail_outbox WHERE lower(recipient) = ANY($1::text[]) OR lower(reply_to) = ANY($1::text[])`,
    [texts.emails.map((email) => email.toLowerCase())],
  );
  const { rows: deleted } = await db.query<{ id: number }>('DELETE FROM mail_outbox WHERE id = ANY($1::bigint[]) RETURNING id', [
    candidates.filter((mail) => isMailOf(mail, addresses)).map((mail) => mail.id),
  ]);
  // The mails that can change: those of the transfers to them, and any other only if it holds their address.
  const patterns = addressLikePatterns(texts);
  if (patterns.length === 0 && person.transfersToThemAt.length === 0) return { deleted: deleted.length, redacted: 0 };
  const { rows: mentions } = await db.query<MailContent & { id: number; is_theirs: boolean }>(
    `SELECT id, subject, body_text, body_html, attachments, last_error, is_theirs
       FROM (SELECT *, date_trunc('milliseconds', created_at) = ANY($2::timestamptz[]) AS is_theirs FROM mail_outbox) mail
      WHERE is_theirs OR subject ILIKE ANY($1) OR body_text ILIKE ANY($1) OR body_html ILIKE ANY($1)
         OR attachments::text ILIKE ANY($1) OR last_error ILIKE ANY($1)
      ORDER BY id FOR UPDATE`,
    [patterns, person.transfersToThemAt],
  );
  let redacted = 0;
  for (const { id, is_theirs: isTheirs, ...mail } of mentions) {
    const erase = mentionsToErase(texts, { isTheirs, content: Object.values(mail) });
    const after: MailContent = {
      subject: redactText(mail.subject, erase),
      body_text: redactText(mail.body_text, erase),
      body_html: mail.body_html === null ? null : redactText(mail.body_html, erase),
      attachments: redactJson(mail.attachments, erase),
      last_error: mail.last_error === null ? null : redactText(mail.last_error, erase),
    };
    // A longer address matched the look-up but is no mention; a mail of the transfer may name them in no other way.
    if (JSON.stringify(after) === JSON.stringify(mail)) continue;
    await db.query('UPDATE mail_outbox SET subject = $2, body_text = $3, body_html = $4, attachments = $5, last_error = $6 WHERE id = $1', [
      id,
      after.subject,
      after.body_text,
      after.body_html,
      JSON.stringify(after.attachments),
      after.last_error,
    ]);
    redacted++;
  }
  return { deleted: deleted.length, redacted };
}

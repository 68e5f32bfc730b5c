import { ACCOUNT_LINK_UNUSABLE, type ConfirmAccountResponse } from '@store/contracts/account';
import { isAcceptedEmail } from '@store/contracts/email-address';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hitRateLimit, rateLimits } from '../../lib/rate-limit.js';
import { enqueueMail } from '../../mail/outbox.js';
import { accountConfirmationMail } from '../../mail/templates.js';
import type { SignInLink } from '../../mail/templates/sign-in-link.js';
import { findOrCreatePersonByEmail } from '../person/index.js';
import * as links from './account-link.repository.js';
import * as logins from './auth.repository.js';
import { toCurrentUser } from './current-user.js';
import { hashPassword } from './password.js';

const CONFIRM_LINK_DAYS = 7;
const PURCHASE_LINK_DAYS = 30;

const linkUrl = (siteUrl: string, token: string) => `${siteUrl}/account/confirm/${token}`;

/** Mails the confirmation link of a new registration (in the registration's transaction). */
export async function mailConfirmationLink(client: Queryable, options: { email: string; siteUrl: string }): Promise<void> {
  const token = await links.insertAccountLink(client, { email: options.email, purpose: 'confirm', lifetimeDays: CONFIRM_LINK_DAYS });
  await enqueueMail(client, accountConfirmationMail({ to: options.email, link: linkUrl(options.siteUrl, token) }));
}

/** Sends the confirmation link again to a signed-in login that has not proven its address yet. */
export async function resendConfirmationLink(options: {
  db: Db;
  caller: { loginId: number; name: string; isEmailVerified: boolean };
  siteUrl: string;
}) {
  if (options.caller.isEmailVerified) return;
  await hitRateLimit(options.db, rateLimits.accountLinkPerLogin, String(options.caller.loginId));
  await withTransaction(options.db, (client) => mailConfirmationLink(client, { email: options.caller.name, siteUrl: options.siteUrl }));
}

/**
 * The sign-in link of a licence mail sent with a purchase, a redeemed code or a received transfer (in that change's
 * transaction; decision 053): an address with a proven login signs in on the login page; any other gets a
 * single-use link that sets a password (creating the login) or confirms the address, so the buyer reaches the
 * licence and nobody else does.
 */
export async function signInLinkFor(
  client: Queryable,
  options: { email: string; purpose: 'purchase' | 'activation'; siteUrl: string; lifetimeDays?: number },
): Promise<SignInLink> {
  const lifetimeDays = options.lifetimeDays ?? PURCHASE_LINK_DAYS;
  const link = await links.insertAccountLinkUnlessProven(client, { email: options.email, purpose: options.purpose, lifetimeDays });
  if (link.token === undefined) return { kind: 'signIn', url: `${options.siteUrl}/login` };
  return { kind: link.hasLogin ? 'confirm' : 'setPassword', url: linkUrl(options.siteUrl, link.token) };
}

/**
 * Opens a mailed link. In the browser of the login it was sent for, it proves the address at once; anywhere else
 * it asks for a password first (whoever registered the address may not be its owner), which becomes the
 * login's password (the login is created when the address has none). Proving ends every other session.
 */
export async function confirmAccount(options: {
  db: Db;
  token: string;
  password?: string | undefined;
  caller?: { loginId: number; token: string } | undefined;
  ip: string;
}): Promise<ConfirmAccountResponse> {
  const { db, token, caller } = options;
  await hitRateLimit(db, rateLimits.accountLinkUsePerIp, options.ip);
  const link = await links.findUsableAccountLink(db, token);
  // A link mailed to an address that is no longer accepted (a look-alike spelling, decision 030) proves nothing.
  if (!link || !isAcceptedEmail(link.email)) throw new AppError('badRequest', ACCOUNT_LINK_UNUSABLE);
  const login = await logins.findLoginByName(db, link.email);
  const isLinksLogin = login !== undefined && caller?.loginId === login.id;

  // A login that has proven its address signs in (with its second factor, if on) or uses "Lost your password?": an
  // older link to the address (one mailed before the proof, or a second one after "Send the link again") opens no
  // session on it (decision 079).
  if (login && !isLinksLogin && logins.hasProvenAddress(login)) throw new AppError('badRequest', ACCOUNT_LINK_UNUSABLE);

  if (options.password === undefined) {
    if (!isLinksLogin) {
      const invitation = link.purpose === 'staff' ? { isStaffInvitation: true } : {};
      return { status: 'passwordNeeded', email: link.email, hasLogin: login !== undefined, ...invitation };
    }
    await withTransaction(db, async (client) => {
      const used = await links.useAccountLink(client, token);
      if (!used) throw new AppError('badRequest', ACCOUNT_LINK_UNUSABLE);
      const person = await findOrCreatePersonByEmail(client, { email: login.login_name });
      await logins.markEmailVerified(client, { loginId: login.id, personId: person.id });
      await logins.deleteSessionsOfLogin(client, login.id, caller.token);
    });
    return { status: 'confirmed', email: link.email };
  }

  const passwordHash = await hashPassword(options.password);
  return withTransaction(db, async (client) => {
    const used = await links.useAccountLink(client, token);
    if (!used) throw new AppError('badRequest', ACCOUNT_LINK_UNUSABLE);
    const existing = await logins.findLoginByName(client, used.email, { forUpdate: true });
    if (existing && logins.hasProvenAddress(existing)) throw new AppError('badRequest', ACCOUNT_LINK_UNUSABLE);
    // A staff login is nobody's customer record.
    const person = existing && existing.role !== 'customer' ? undefined : await findOrCreatePersonByEmail(client, { email: used.email });
    const target = existing ?? (await logins.insertLogin(client, { loginName: used.email, passwordHash, personId: person?.id ?? null }));
    if (!target) throw new AppError('conflict', 'This email address was registered a moment ago. Please open the link again.');
    await logins.markEmailVerified(client, { loginId: target.id, personId: person?.id ?? null, passwordHash });
    await logins.deleteSessionsOfLogin(client, target.id);
    const user = toCurrentUser(target, await logins.createSession(client, target.id));
    return { status: 'confirmed' as const, email: used.email, user };
  });
}

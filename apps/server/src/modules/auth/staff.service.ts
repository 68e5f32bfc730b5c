import { randomBytes } from 'node:crypto';
import { ADMIN_USER_NAME } from '@store/contracts/constants';
import type { StaffInviteRequest, StaffMember, StaffRole } from '@store/contracts/staff';
import { withTransaction, type Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { enqueueMail } from '../../mail/outbox.js';
import { staffInvitationMail } from '../../mail/templates.js';
import { recordAudit } from '../audit/index.js';
import { insertAccountLink } from './account-link.repository.js';
import * as logins from './auth.repository.js';
import { hashPassword } from './password.js';
import * as repository from './staff.repository.js';

const INVITATION_DAYS = 7;

type Caller = { loginId: number; name: string };

/** The staff logins. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  return (await repository.listStaff(db)).map((row) => ({
    id: row.id,
    name: row.login_name,
    role: row.role,
    hasPassword: row.login_name === ADMIN_USER_NAME || row.has_password,
    hasTwoFactor: row.has_two_factor,
    createdAt: row.created_at.toISOString(),
  }));
}

/**
 * Gives an address a staff role: an existing login that proved its address gets the role (its sessions end, so it
 * logs in again with its new rights); a new address, or a login nobody proved the address of (anyone may register
 * any address), gets a login without a usable password or a mailed one, and a mailed link that sets a password: only
 * whoever reads the address's mail becomes staff. For an existing login this is a role change and keeps
 * `setStaffRole`'s rules (decision 088): not the caller's own login, not the built-in administrator, and audited as
 * an `update` with the role before (`customer` for a customer's login).
 */
export async function inviteStaff(options: { db: Db; caller: Caller; invite: StaffInviteRequest; siteUrl: string }): Promise<void> {
  const { db, invite } = options;
  const unusableHash = await hashPassword(randomBytes(32).toString('hex'));
  await withTransaction(db, async (client) => {
    const existing = await logins.findLoginByName(client, invite.email);
    if (existing?.id === options.caller.loginId) throw badRequest('You cannot change your own role.');
    if (existing?.login_name === ADMIN_USER_NAME) throw badRequest('The built-in administrator keeps its role.');
    let roleBefore: string | undefined;
    if (existing) {
      roleBefore = (await repository.setRole(client, existing.id, invite.role))?.before ?? existing.role;
      await logins.deleteSessionsOfLogin(client, existing.id);
    }
    if (!existing || !logins.hasProvenAddress(existing)) {
      // Its second factor goes when the link proves the address (markEmailVerified).
      if (existing) await logins.setPassword(client, existing.id, unusableHash);
      else await logins.insertLogin(client, { loginName: invite.email, passwordHash: unusableHash, personId: null, role: invite.role });
      const token = await insertAccountLink(client, { email: invite.email, purpose: 'staff', lifetimeDays: INVITATION_DAYS });
      await enqueueMail(
        client,
        staffInvitationMail({ to: invite.email, role: invite.role, link: `${options.siteUrl}/account/confirm/${token}` }),
      );
    }
    await recordAudit(client, {
      actor: options.caller.name,
      action: existing ? 'update' : 'create',
      entity: 'staff',
      entityId: existing?.login_name ?? invite.email,
      ...(existing ? { before: { role: roleBefore } } : {}),
      after: { role: invite.role },
    });
  });
}

/** Changes a staff login's role, or (`customer`) takes its staff rights away; its sessions end either way. */
export async function setStaffRole(options: { db: Db; caller: Caller; loginId: number; role: StaffRole | 'customer' }): Promise<void> {
  const { db, caller, loginId, role } = options;
  if (loginId === caller.loginId) throw badRequest('You cannot change your own role.');
  await withTransaction(db, async (client) => {
    const staff = (await repository.listStaff(client)).find((row) => row.id === loginId);
    if (!staff) throw notFound('No such staff login.');
    if (staff.login_name === ADMIN_USER_NAME) throw new AppError('forbidden', 'The built-in administrator keeps its role.');
    const changed = await repository.setRole(client, loginId, role);
    await logins.deleteSessionsOfLogin(client, loginId);
    await recordAudit(client, {
      actor: caller.name,
      action: role === 'customer' ? 'delete' : 'update',
      entity: 'staff',
      entityId: changed?.login_name,
      before: { role: changed?.before },
      after: { role },
    });
  });
}

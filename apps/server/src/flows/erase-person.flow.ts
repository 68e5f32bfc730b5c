import type { ErasureResult } from '@store/contracts/privacy';
import type { PoolClient } from 'pg';
import { withTransaction, type Db } from '../db/client.js';
import { AppError, conflict } from '../lib/app-error.js';
import { forgetRateLimitsOfAddress } from '../lib/rate-limit.js';
import type { PersonalTexts } from '../lib/redact.js';
import { eraseMailOf } from '../mail/outbox-privacy.js';
import { recordAudit, redactAuditEntriesOf } from '../modules/audit/index.js';
import {
  confirmAccountOwner,
  deleteCustomerLoginById,
  deleteLoginsOfErasedPerson,
  isStaffLoginName,
  type OwnerProof,
  type SessionActor,
} from '../modules/auth/index.js';
import { deleteLoyaltyCodesOfPerson, forgetAddressOfPurchases, redactWebhookEventsOf } from '../modules/checkout/index.js';
import { deleteDevicesOfLicences, forgetComputersOfReleases, listDevicesOfOrders } from '../modules/device/index.js';
import { findPersonIdOfLogin } from '../modules/licence/index.js';
import { emitLicencesRevoked, endLicencesOfErasedPerson } from '../modules/order/index.js';
import { listDeviceIdsInWebhookMessages, redactWebhookMessagesOf, type LicenceHolding } from '../modules/outbound-webhook/index.js';
import { eraseLockedPerson, findOrCreatePersonByEmail, listEarlierAddresses, lockPersonForErasure } from '../modules/person/index.js';
import { deleteSupportRequestsOf } from '../modules/support/index.js';
import { listTransfersOfPerson, redactTransferRefusals } from '../modules/transfer/index.js';
import { eraseTrialsOfHolder } from '../modules/trial/index.js';
import { redactSandboxRecordsOf } from '../sandbox/sandbox.service.js';

/** Who asked for the erasure: an administrator (by login name), or the customer themself. */
export type ErasureActor = { kind: 'admin'; name: string } | { kind: 'customer' };

/** The audit log's actor of a customer's own erasure (their login name is their address, which is erased). */
const CUSTOMER_ACTOR = 'customer';

/** Erases a person's personal data at an administrator's request (the person screen): see erasePersonData. */
export async function erasePerson(options: { db: Db; personId: number; actor: ErasureActor }): Promise<ErasureResult> {
  return withTransaction(options.db, (client) => erasePersonData(client, options));
}

/**
 * The customer erases their own account (the account screen). The password again, and a code with two-factor login
 * on, confirm it (a session alone may set a new password). A login that proved its address erases the person of
 * that address; one that never proved it reaches no one's data (docs/SECURITY.md), so it erases only itself.
 * Staff logins are removed by an administrator.
 */
export async function eraseOwnAccount(options: OwnerProof & { caller: SessionActor }): Promise<ErasureResult> {
  const { db, caller } = options;
  if (caller.role !== 'customer') throw new AppError('forbidden', 'A staff login is removed by an administrator (ADMIN → STAFF).');
  await confirmAccountOwner(options);
  return withTransaction(db, async (client) => {
    if (!caller.isEmailVerified) return eraseUnprovenLogin(client, caller.loginId);
    const personId = (await findPersonIdOfLogin(client, caller)) ?? (await findOrCreatePersonByEmail(client, { email: caller.name })).id;
    return erasePersonData(client, { personId, actor: { kind: 'customer' } });
  });
}

/**
 * Erases a person's personal data in the caller's transaction (docs/PRIVACY.md, decision 040), step by step in this
 * order, each by the module that owns the data. What the tax records need of their orders stays (dates, amounts,
 * currency, country, FastSpring's reference), tied to their emptied row; everything that names or reaches them goes.
 * Answers what it did; 404 for no such person, 409 when erased already or when the address is a staff login's.
 */
async function erasePersonData(client: PoolClient, options: { personId: number; actor: ErasureActor }): Promise<ErasureResult> {
  const { personId, actor } = options;
  // 1. The person, locked: no change to them and no licence for them until this commits (migration 075).
  const person = await lockPersonForErasure(client, personId);
  if (person.email !== '' && (await isStaffLoginName(client, person.email))) {
    throw conflict('This person has a staff login: remove it first (ADMIN → STAFF), then erase the person.');
  }
  // 2. Their licences end: key files (which name them) emptied, active ones `erased`. Before the computers go, so a
  //    registration racing this one waits on the licence and then finds it ended (device.repository.ts).
  const licences = await endLicencesOfErasedPerson(client, personId);
  const licenceIds = licences.map((licence) => licence.id);
  // 3. Their computers, with the machine-bound key files.
  const computers = await listDevicesOfOrders(client, licenceIds);
  await deleteDevicesOfLicences(client, licenceIds);
  //    A receiver of the outbound webhooks is told each licence ended, after its computers, by ids only (decision 110).
  await emitLicencesRevoked(client, {
    orderIds: licenceIds,
    reason: 'erased',
    computersRemoved: true,
    by: actor.kind === 'admin' ? actor.name : CUSTOMER_ACTOR,
    isOwnerErased: true,
  });

  // What identifies them in free text elsewhere, and the purchases (and paid transfers) the provider's records are of.
  // Their computers are those registered now and, from the outbound webhooks' computer events, those of their
  // licences while they held them: removed earlier, or on a licence they transferred (review W2).
  const transfers = await listTransfersOfPerson(client, personId);
  const holdings = licenceHoldings(personId, licenceIds, transfers);
  const earlierComputers = await listDeviceIdsInWebhookMessages(client, holdings);
  // Their addresses: the one they have now and those a correction replaced that are still theirs alone (decision 109).
  const earlierEmails = await listEarlierAddresses(client, personId);
  const emails = [person.email, ...earlierEmails];
  const texts: PersonalTexts = {
    emails,
    names: [person.name],
    deviceIds: [...new Set([...computers.map((computer) => computer.device_id_hash), ...earlierComputers])],
  };
  const providerOrderIds = [
    ...new Set([...licences, ...transfers].flatMap((record) => (record.provider_order_id ? [record.provider_order_id] : []))),
  ];

  // 3b. The places their computers freed keep no Device ID.
  await forgetComputersOfReleases(client, { orderIds: licenceIds, deviceIds: texts.deviceIds });
  // 4. Trials of their address or computers; 5. support requests; 6. loyalty codes.
  await eraseTrialsOfHolder(client, { email: person.email, deviceIds: texts.deviceIds });
  for (const email of earlierEmails) await eraseTrialsOfHolder(client, { email, deviceIds: [] });
  for (const email of emails) await deleteSupportRequestsOf(client, email);
  await deleteLoyaltyCodesOfPerson(client, personId);
  // 7. The provider's purchases lose their address; 8. the webhook events and 9. the sandbox's records of them keep
  //    only the tax record; 10. refused transfers' reasons lose their mentions. Another customer's record loses
  //    their name and Device IDs only where it holds their address (lib/redact.ts, decision 093).
  for (const email of emails) await forgetAddressOfPurchases(client, email);
  await redactWebhookEventsOf(client, { providerOrderIds, texts });
  await redactSandboxRecordsOf(client, { providerOrderIds, texts });
  await redactTransferRefusals(client, texts);
  // 10b. The outbound webhooks' messages about them or their licences while they held them (the messages and their
  //     log stay).
  await redactWebhookMessagesOf(client, { texts, holdings });
  // 11. Mails to them (or for them) go, with their delivery jobs; others that name them are redacted, the previous
  //     owners' notices of the licences transferred to them among them.
  const transfersToThemAt = transfers.filter((move) => move.to_person_id === personId).map((move) => move.transferred_at);
  await eraseMailOf(client, { texts, transfersToThemAt });
  // 12. Their logins with sessions and second factors, and the links mailed to them; 13. the rate-limit counters of
  //     their address.
  await deleteLoginsOfErasedPerson(client, { ...person, earlierEmails });
  for (const email of emails) await forgetRateLimitsOfAddress(client, email);
  // 14. Earlier audit records keep who did what and when, without their data.
  await redactAuditEntriesOf(client, {
    personId,
    orderIds: [...licenceIds, ...transfers.map((transfer) => Number(transfer.order_id))],
    texts,
  });
  // 15. Their row: emptied and kept as the owner of the orders kept, or deleted when there are none; either way
  //     without their earlier addresses.
  await eraseLockedPerson(client, { id: personId, hasKeptOrders: licences.length > 0 });

  const result: ErasureResult = {
    licencesEnded: licences.filter((licence) => licence.was_active).length,
    computersRemoved: computers.length,
    ordersKept: licences.length,
  };
  // 16. The audit record: the person's id and that they were erased, nothing of what was erased.
  await recordAudit(client, {
    actor: actor.kind === 'admin' ? actor.name : CUSTOMER_ACTOR,
    action: 'erase',
    entity: 'person',
    entityId: personId,
    after: { erased: true, by: actor.kind, ...result },
  });
  return result;
}

/** A change of owner the person took part in (the transfer module's record). */
type OwnerChange = Awaited<ReturnType<typeof listTransfersOfPerson>>[number];

/**
 * When the person held each licence they hold now or gave away: from its issue or their receiving it by a transfer,
 * until now or a transfer away from them (`transfers`, oldest first, are the changes of owner they took part in).
 */
function licenceHoldings(personId: number, licenceIds: readonly number[], transfers: readonly OwnerChange[]): LicenceHolding[] {
  const movesOf = new Map<number, OwnerChange[]>(licenceIds.map((licenceId) => [licenceId, []]));
  for (const move of transfers) movesOf.set(move.order_id, [...(movesOf.get(move.order_id) ?? []), move]);
  const holdings: LicenceHolding[] = [];
  for (const [licenceId, moves] of movesOf) {
    // Held from its issue unless the first change of owner gave it to them.
    let from: Date | null = null;
    let isHeld = moves[0]?.to_person_id !== personId || moves[0]?.from_person_id === personId;
    for (const move of moves) {
      if (move.from_person_id === personId) {
        if (isHeld) holdings.push({ licenceId, from, until: move.transferred_at });
        isHeld = false;
      }
      if (move.to_person_id === personId) {
        from = move.transferred_at;
        isHeld = true;
      }
    }
    if (isHeld) holdings.push({ licenceId, from, until: null });
  }
  return holdings;
}

/** A login that never proved its address erases itself only (it reaches nobody's data); audited like a person. */
async function eraseUnprovenLogin(client: PoolClient, loginId: number): Promise<ErasureResult> {
  await deleteCustomerLoginById(client, loginId);
  await recordAudit(client, { actor: CUSTOMER_ACTOR, action: 'erase', entity: 'login', entityId: loginId, after: { erased: true } });
  return { licencesEnded: 0, computersRemoved: 0, ordersKept: 0 };
}

import type { PersonalDataExport } from '@store/contracts/privacy';
import type { Db } from '../db/client.js';
import { describeLogin, type SessionActor } from '../modules/auth/index.js';
import { listLoyaltyCodesOfPerson, listPurchasesOfPerson } from '../modules/checkout/index.js';
import { listDevicesOfOrders } from '../modules/device/index.js';
import { findPersonIdOfLogin } from '../modules/licence/index.js';
import { listLicenceRecordsOfPerson } from '../modules/order/index.js';
import { findPersonRecord, listEarlierAddresses } from '../modules/person/index.js';
import { listTransfersOfPerson } from '../modules/transfer/index.js';
import { listCodesRedeemedFor } from '../modules/unassigned/index.js';
import { readRecordsOfAddresses } from './records-of-addresses.js';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything the shop holds about the caller (docs/PRIVACY.md), read from each module that holds a part: the login,
 * and once the login has proven its address (docs/SECURITY.md) the person of that address with their licences and
 * computers, purchases and amounts, transfers, redeemed codes, loyalty codes, the mails to the address, its support
 * requests and the trials of the address or the person's computers. A login that has not proven its address gets
 * its own record only: what is stored under the address may be someone else's.
 */
export async function exportPersonalData(options: { db: Db; caller: SessionActor }): Promise<PersonalDataExport> {
  const { db, caller } = options;
  const login = await describeLogin(db, caller.loginId);
  const personId = await findPersonIdOfLogin(db, caller);
  const person = personId === undefined ? undefined : await findPersonRecord(db, personId);
  // The addresses a correction replaced: what was sent to or asked from them is the person's too (decision 109).
  const earlierEmails = person ? await listEarlierAddresses(db, person.id) : [];
  const account = {
    loginName: login.login_name,
    loginCreatedAt: iso(login.created_at),
    isEmailVerified: login.email_verified_at !== null,
    hasTwoFactor: login.hasTwoFactor,
    person: person
      ? {
          id: person.id,
          email: person.email,
          earlierEmails,
          name: person.name,
          country: person.country,
          createdAt: iso(person.created_at),
        }
      : null,
  };
  const exportedAt = new Date().toISOString();
  if (!person) {
    return {
      exportedAt,
      account,
      licences: [],
      orders: [],
      transfers: [],
      activationCodes: [],
      loyaltyCodes: [],
      mails: [],
      supportRequests: [],
      trials: [],
    };
  }

  const licences = await listLicenceRecordsOfPerson(db, person.id);
  const licenceIds = licences.map((licence) => licence.id);
  const computers = await listDevicesOfOrders(db, licenceIds);
  const [orders, transfers, codes, loyaltyCodes, { mails, supportRequests, trials }] = await Promise.all([
    listPurchasesOfPerson({ db, person }),
    listTransfersOfPerson(db, person.id),
    listCodesRedeemedFor(db, licenceIds),
    listLoyaltyCodesOfPerson(db, person.id),
    readRecordsOfAddresses(db, {
      emails: [person.email, ...earlierEmails],
      deviceIds: computers.map((computer) => computer.device_id_hash),
    }),
  ]);
  return {
    exportedAt,
    account,
    licences: licences.map((licence) => ({
      orderId: licence.id,
      productName: licence.product_name,
      state: licence.state,
      source: licence.source,
      creationDate: iso(licence.creation_date),
      licenseActivationDate: iso(licence.license_activation_date),
      serial: licence.serial,
      serialNew: licence.serial_new,
      serial2048: licence.serial_2048,
      reference: licence.provider_reference,
      amount: licence.amount,
      currency: licence.currency,
      country: licence.country,
      refunded: licence.refunded,
      computers: computers
        .filter((computer) => computer.order_id === licence.id)
        .map((computer) => ({
          id: computer.id,
          deviceName: computer.device_name,
          deviceId: computer.device_id_hash,
          registeredAt: iso(computer.creation_date),
          lastActivatedAt: iso(computer.last_activated_at),
        })),
    })),
    orders,
    transfers: transfers.map((transfer) => ({
      orderId: transfer.order_id,
      date: iso(transfer.transferred_at),
      direction: transfer.to_person_id === person.id ? ('in' as const) : ('out' as const),
    })),
    activationCodes: codes.map((code) => ({
      activationKey: code.activation_key,
      productName: code.product_name,
      redeemedAt: isoOrNull(code.redeemed_at),
      orderId: code.redeemed_order_id,
    })),
    loyaltyCodes: loyaltyCodes.map((code) => ({ code: code.code, createdAt: iso(code.created_at), usedAt: isoOrNull(code.used_at) })),
    mails: mails.map((mail) => ({
      to: mail.recipient,
      replyTo: mail.reply_to,
      subject: mail.subject,
      kind: mail.kind,
      createdAt: iso(mail.created_at),
      sentAt: isoOrNull(mail.sent_at),
      text: mail.body_text,
      attachments: mail.attachment_names,
    })),
    supportRequests: supportRequests.map((request) => ({
      id: request.id,
      productName: request.product_name,
      operatingSystem: request.operating_system,
      problemDescription: request.problem_description,
      createdAt: iso(request.created_at),
    })),
    trials: trials.map((trial) => ({
      productName: trial.product_name,
      deviceId: trial.device_id,
      deviceName: trial.device_name,
      email: trial.email,
      source: trial.source,
      startedAt: iso(trial.started_at),
      expiresAt: iso(trial.expires_at),
    })),
  };
}

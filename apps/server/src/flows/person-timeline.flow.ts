import type { PersonTimeline, PersonTimelineQuery, TimelineEvent } from '@store/contracts/person-timeline';
import type { Db } from '../db/client.js';
import { notFound } from '../lib/app-error.js';
import { listAuditEntriesAbout } from '../modules/audit/index.js';
import { listLoginsOfPerson } from '../modules/auth/index.js';
import { listPurchasesOfPerson } from '../modules/checkout/index.js';
import { listDevicesOfOrders, listReleasesOfOrders } from '../modules/device/index.js';
import { listLicenceRecordsOfPerson } from '../modules/order/index.js';
import { findPersonRecord, listEarlierAddresses } from '../modules/person/index.js';
import { listTransfersOfPerson } from '../modules/transfer/index.js';
import { describeStaffChange, money, RELEASE_WAYS, SOURCES } from './person-timeline-words.js';
import { readRecordsOfAddresses } from './records-of-addresses.js';

type Event = Omit<TimelineEvent, 'at' | 'orderId' | 'actor'> & { at: Date; orderId?: number | null; actor?: string | null };

type Person = { id: number; email: string };

/** Each module's part of the person's history, read through its public face. */
async function readHistory(db: Db, person: Person) {
  const licences = await listLicenceRecordsOfPerson(db, person.id);
  const [purchases, transfers, logins, earlierEmails] = await Promise.all([
    listPurchasesOfPerson({ db, person }),
    listTransfersOfPerson(db, person.id),
    listLoginsOfPerson(db, person),
    listEarlierAddresses(db, person.id),
  ]);
  // The licences the person holds, and those they held and passed on: their computers and staff changes count too.
  const orderIds = [...new Set([...licences.map((licence) => licence.id), ...transfers.map((transfer) => Number(transfer.order_id))])];
  const computers = await listDevicesOfOrders(
    db,
    licences.map((licence) => licence.id),
  );
  // What is kept under their address, and under those a correction replaced (decision 109).
  const [releases, { mails, supportRequests, trials }, audit] = await Promise.all([
    listReleasesOfOrders(db, orderIds),
    readRecordsOfAddresses(db, {
      emails: [person.email, ...earlierEmails],
      deviceIds: computers.map((computer) => computer.device_id_hash),
    }),
    listAuditEntriesAbout(db, { personId: person.id, email: person.email, orderIds }),
  ]);
  const productOf = new Map<number, string>(licences.map((licence) => [licence.id, licence.product_name]));
  const newOwnerOf = new Map<number, string>();
  for (const transfer of purchases.flatMap((purchase) => purchase.transfers)) {
    productOf.set(transfer.orderId, productOf.get(transfer.orderId) ?? transfer.productName);
    if (transfer.direction === 'out') newOwnerOf.set(transfer.orderId, transfer.counterpartName);
  }
  const licenceName = (orderId: number) => `${productOf.get(orderId) ?? 'Licence'} (licence ${orderId})`;
  return {
    person,
    licences,
    purchases,
    transfers,
    logins,
    mails,
    supportRequests,
    computers,
    releases,
    trials,
    audit,
    newOwnerOf,
    licenceName,
  };
}
type History = Awaited<ReturnType<typeof readHistory>>;

/** The purchases and their refunds. */
function purchaseEvents({ purchases }: History): Event[] {
  return [
    ...purchases.flatMap((purchase): Event[] => [
      {
        at: new Date(purchase.date),
        kind: 'purchase',
        title: `Purchase ${purchase.reference}`,
        detail: [
          purchase.items.map((item) => `${item.name} × ${item.quantity}`).join(', '),
          money(purchase.currency, purchase.total),
          purchase.isGift ? (purchase.isPayer ? 'a gift to another address' : 'a gift from another buyer') : '',
        ]
          .filter(Boolean)
          .join(' · '),
      },
      ...purchase.refunds.map((refund): Event => ({
        at: new Date(refund.date),
        kind: 'refund',
        title: `Refund ${refund.reference} of purchase ${purchase.reference}`,
        detail: [money(refund.currency, refund.amount), refund.isPartial ? 'partial, licences kept' : ''].filter(Boolean).join(' · '),
      })),
    ]),
  ];
}

/** Licences issued (a received one is its transfer), refunded and revoked. */
function licenceEvents({ licences, licenceName }: History): Event[] {
  return [
    ...licences.flatMap((licence): Event[] => [
      ...(licence.source === 'transfer'
        ? []
        : [
            {
              at: licence.creation_date,
              kind: 'licence-issued' as const,
              title: `Licence issued: ${licenceName(licence.id)}`,
              detail: [SOURCES[licence.source] ?? licence.source, licence.provider_reference ?? ''].filter(Boolean).join(' · '),
              orderId: licence.id,
            },
          ]),
      ...(licence.refunded_at
        ? [
            {
              at: licence.refunded_at,
              kind: 'licence-refunded' as const,
              title: `Licence refunded: ${licenceName(licence.id)}`,
              detail: '',
              orderId: licence.id,
            },
          ]
        : []),
      ...(licence.revoked_at
        ? [
            {
              at: licence.revoked_at,
              kind: 'licence-revoked' as const,
              title: `Licence revoked: ${licenceName(licence.id)}`,
              detail: licence.revoke_reason ?? '',
              orderId: licence.id,
            },
          ]
        : []),
    ]),
  ];
}

/** Licences received and passed on. */
function transferEvents({ transfers, person, newOwnerOf, licenceName }: History): Event[] {
  return [
    ...transfers.map((transfer): Event => {
      const orderId = Number(transfer.order_id);
      const isIn = transfer.to_person_id !== null && Number(transfer.to_person_id) === person.id;
      const newOwner = newOwnerOf.get(orderId);
      return {
        at: transfer.transferred_at,
        kind: isIn ? 'transfer-in' : 'transfer-out',
        title: isIn ? `Licence received by transfer: ${licenceName(orderId)}` : `Licence transferred away: ${licenceName(orderId)}`,
        detail: [transfer.provider_order_id ? 'paid transfer' : 'by staff', !isIn && newOwner ? `to ${newOwner}` : '']
          .filter(Boolean)
          .join(' · '),
        orderId,
      };
    }),
  ];
}

/** Computers registered (those still there) and places freed. */
function computerEvents({ computers, releases, licenceName }: History): Event[] {
  return [
    ...computers.map((computer): Event => ({
      at: computer.creation_date,
      kind: 'computer-registered',
      title: `Computer registered: ${computer.device_name}`,
      detail: `${licenceName(computer.order_id)} · Device ID ${computer.device_id_hash}`,
      orderId: computer.order_id,
    })),
    ...releases.map((release): Event => ({
      at: release.released_at,
      kind: 'computer-removed',
      title: `Computer removed ${RELEASE_WAYS[release.way]}`,
      detail: `${licenceName(Number(release.order_id))} · Device ID ${release.device_id_hash}`,
      orderId: Number(release.order_id),
    })),
  ];
}

/** Trials, mails, support requests and the login. */
function contactEvents({ trials, mails, supportRequests, logins, person }: History): Event[] {
  return [
    ...trials.map((trial): Event => ({
      at: trial.started_at,
      kind: 'trial',
      title: `Trial started: ${trial.product_name}`,
      detail: `until ${trial.expires_at.toISOString().slice(0, 10)}${trial.device_name ? ` · ${trial.device_name}` : ''}`,
    })),
    ...mails.map((mail): Event => ({
      at: mail.sent_at ?? mail.created_at,
      kind: 'mail',
      title: `Mail: ${mail.subject}`,
      detail: [
        mail.recipient.toLowerCase() === person.email.toLowerCase()
          ? `to ${mail.recipient}`
          : `to ${mail.recipient}, replies to the person`,
        mail.sent_at ? 'sent' : 'not sent yet',
      ].join(' · '),
    })),
    ...supportRequests.map((request): Event => ({
      at: request.created_at,
      kind: 'support-request',
      title: `Support request ${request.id}`,
      detail: [request.product_name, request.operating_system].filter(Boolean).join(' · '),
    })),
    ...logins.flatMap((login): Event[] => [
      { at: login.created_at, kind: 'login-created', title: `Login created: ${login.login_name}`, detail: '' },
      ...(login.email_verified_at
        ? [{ at: login.email_verified_at, kind: 'address-confirmed' as const, title: `Address proven: ${login.login_name}`, detail: '' }]
        : []),
    ]),
  ];
}

/** The staff's changes, as the audit log has them. */
function staffEvents({ audit }: History): Event[] {
  return [
    ...audit.map((entry): Event => ({
      at: entry.at,
      kind: 'staff-change',
      title: describeStaffChange(entry),
      detail: 'in the audit log',
      actor: entry.actor,
    })),
  ];
}

/** Newest first; at the same moment, the order of the steps (a purchase before the licence it made) read backwards. */
function pageOf(events: Event[], query: PersonTimelineQuery): PersonTimeline {
  const sorted = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => b.event.at.getTime() - a.event.at.getTime() || b.index - a.index);
  const start = query.page * query.pageSize;
  return {
    events: sorted.slice(start, start + query.pageSize).map(({ event }) => ({
      ...event,
      at: event.at.toISOString(),
      orderId: event.orderId ?? null,
      actor: event.actor ?? null,
    })),
    total: sorted.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * One person's history for staff (decision 061): purchases and refunds, licences issued, refunded, revoked and
 * transferred, computers registered and freed, trials, the mails to the address, support requests, the login's
 * creation and proof of address, and the staff changes about them; newest first, one page of it. Each module
 * answers its own part; the person's history is short (tens to hundreds of events), so the page is cut here.
 */
export async function readPersonTimeline(options: { db: Db; personId: number; query: PersonTimelineQuery }): Promise<PersonTimeline> {
  const person = await findPersonRecord(options.db, options.personId);
  if (!person) throw notFound('Person not found');
  const history = await readHistory(options.db, person);
  const events = [
    ...purchaseEvents(history),
    ...licenceEvents(history),
    ...transferEvents(history),
    ...computerEvents(history),
    ...contactEvents(history),
    ...staffEvents(history),
  ];
  return pageOf(events, options.query);
}

import { LICENSE_TRANSFER_PRODUCT } from '@store/contracts/constants';
import { isSameEmail } from '@store/contracts/email-address';
import { normalizeProductPath } from '@store/contracts/product-path';
import { sumAmounts } from '../../lib/money.js';
import type { OrderCompletedData } from './webhook-payload.js';

/** Who an `order.completed` names: an address, a display name and a country (empty strings when it names none). */
export type OrderParty = { email: string; name: string; country: string };

const nameOf = (contact: { first?: string | null; last?: string | null } | null | undefined) =>
  [contact?.first, contact?.last]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
    .slice(0, 200);

/** The order's currency as an ISO 4217 code in capitals; null when it sent none. */
export function currencyOf(data: OrderCompletedData): string | null {
  const code = data.currency?.trim().toUpperCase() ?? '';
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

/** A paid transfer's fee: what its `licensetransfer` items state, in the order's currency (none stated: no fee). */
export function transferFeeOf(data: OrderCompletedData, currency: string | null): { amount: string; currency: string } | undefined {
  const amounts = data.items
    .filter((item) => normalizeProductPath(item.product) === LICENSE_TRANSFER_PRODUCT)
    .flatMap((item) => (typeof item.subtotal === 'number' ? [item.subtotal] : []));
  return currency !== null && amounts.length > 0 ? { amount: sumAmounts(amounts, currency), currency } : undefined;
}

/**
 * How long after its order a webhook still counts the order's own time (FastSpring retries for up to 7 days; the
 * reconciliation and an administrator's replay may come later). An older order is judged as if placed this long ago,
 * when what was granted for it (a transfer token or a quote, each made before the order and living hours) has
 * expired: a person settles it (decisions 084 and 099).
 */
export const ORDER_TIME_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * When the provider says an order was completed, not when its webhook is processed, so that a retry, reconciliation
 * or replay does what it would have done when the customer paid: the order's time-bound grants are judged at it (a
 * paid transfer's token, decision 084; an upgrade's, crossgrade's or bundle's quote, decision 099) and its licences
 * dated by it (the day the dashboard counts the sale on, decision 106). A return's time is read by the same rule
 * (decision 106). That is its `changed` (epoch ms), else the event's `created` (when FastSpring made the event; a
 * reconciliation's event is made when it runs). Never later than `now` (a provider's clock ahead of ours), never
 * earlier than ORDER_TIME_MAX_AGE_MS before it; without either field, `now`.
 */
export function orderTimeOf(data: Pick<OrderCompletedData, 'changed'>, eventCreated: number | undefined, now = new Date()): Date {
  const time = data.changed ?? eventCreated;
  if (time === undefined || !Number.isFinite(time)) return now;
  return new Date(Math.max(Math.min(time, now.getTime()), now.getTime() - ORDER_TIME_MAX_AGE_MS));
}

/**
 * When a chargeback was taken (decision 107): its `creationDate`, "Date and time FastSpring received the chargeback
 * in UTC" as text ("Fri May 09 17:00:00 UTC 2025"; read only when it names UTC or GMT, as a text without a zone would
 * be read in the server's own), else the event's `created`; bounded as `orderTimeOf` bounds an order's time.
 */
export function chargebackTimeOf(data: { creationDate?: string | null }, eventCreated: number | undefined, now = new Date()): Date {
  const text = data.creationDate ?? '';
  const stated = /\b(UTC|GMT)\b/.test(text) ? Date.parse(text) : Number.NaN;
  return orderTimeOf({ changed: Number.isFinite(stated) ? stated : null }, eventCreated, now);
}

/** The payer: the order's customer, or its account's contact. */
export function payerOf(data: OrderCompletedData): OrderParty {
  const account = typeof data.account === 'object' ? data.account : undefined;
  const contact = data.customer ?? account?.contact ?? undefined;
  const country = (data.address?.country ?? account?.country ?? '').trim().slice(0, 100);
  return { email: contact?.email?.trim() ?? '', name: nameOf(contact), country };
}

/** A gift's recipient: the first named recipient whose address is not the payer's (none: the payer's own order). */
export function recipientOf(data: OrderCompletedData, payerEmail: string): OrderParty | undefined {
  for (const entry of data.recipients ?? []) {
    const email = entry.recipient?.email?.trim() ?? '';
    if (!email || isSameEmail(email, payerEmail)) continue;
    return { email, name: nameOf(entry.recipient), country: (entry.recipient?.address?.country ?? '').trim().slice(0, 100) };
  }
  return undefined;
}

import type { Queryable } from '../../db/client.js';
import { mentionLikePatterns, redactJson, redactText, type PersonalTexts } from '../../lib/redact.js';
import * as loyalty from './loyalty.repository.js';
import { forgetAddressOnProviderOrders } from './provider-order.repository.js';
import { providerEventWithoutPerson } from './provider-data-redaction.js';
import { lockEventsOfOrdersOrMatching, replaceEventText } from './webhook.repository.js';

// The checkout's part in a customer's data rights (docs/PRIVACY.md, decision 040): loyalty codes, the provider's
// purchases and the webhook events kept of them.

/** The loyalty codes made for the person (the customer's export). */
export const listLoyaltyCodesOfPerson = (db: Queryable, personId: number) => loyalty.listCodesOfPerson(db, personId);

/** Deletes an erased person's loyalty codes (a paid order keeps the code it used, which names no one). */
export const deleteLoyaltyCodesOfPerson = (db: Queryable, personId: number) => loyalty.deleteCodesOfPerson(db, personId);

/** Takes an erased person's address (and their invoice links) off the provider's purchases; the money stays. */
export const forgetAddressOfPurchases = (db: Queryable, email: string) => forgetAddressOnProviderOrders(db, email);

/**
 * Erases a person from the webhook events kept: an event of their purchases (or returns of them), or one that holds
 * their address, keeps only the tax record of its data (provider-data-redaction.ts), so a retry, a resend or the
 * reconciliation still knows the purchase; any other event that mentions them (a name in a gift's note) and every
 * event's notes for the administrator have the mentions replaced. Answers how many events changed.
 */
export async function redactWebhookEventsOf(
  db: Queryable,
  options: { providerOrderIds: readonly string[]; texts: PersonalTexts },
): Promise<number> {
  const { providerOrderIds, texts } = options;
  const events = await lockEventsOfOrdersOrMatching(db, { providerOrderIds, patterns: mentionLikePatterns(texts) });
  const addresses = texts.emails.map((email) => email.toLowerCase()).filter((email) => email !== '');
  let changed = 0;
  for (const event of events) {
    const isTheirs =
      isOfOrders(event.payload, providerOrderIds) ||
      addresses.some((address) => JSON.stringify(event.payload).toLowerCase().includes(address));
    const redacted = {
      id: event.id,
      payload: isTheirs ? providerEventWithoutPerson(event.payload) : redactJson(event.payload, texts),
      error: event.error === null ? null : redactText(event.error, texts),
      attention: event.attention === null ? null : redactText(event.attention, texts),
    };
    if (JSON.stringify(redacted) === JSON.stringify(event)) continue;
    await replaceEventText(db, redacted);
    changed++;
  }
  return changed;
}

/** Whether the event is about one of these provider orders: the order's own, or a return of it. */
function isOfOrders(payload: unknown, providerOrderIds: readonly string[]): boolean {
  const data = (payload as { data?: { id?: unknown; original?: { id?: unknown; order?: unknown } } } | null)?.data;
  return [data?.id, data?.original?.id, data?.original?.order].some((id) => typeof id === 'string' && providerOrderIds.includes(id));
}

import type { Queryable } from '../../db/client.js';
import { addressLikePatterns, mentionsAddressOf, mentionsToErase, redactJson, redactText, type PersonalTexts } from '../../lib/redact.js';
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
 * their address whole, keeps only the tax record of its data (provider-data-redaction.ts), so a retry, a resend or the
 * reconciliation still knows the purchase, and its notes for the administrator lose every mention of them. Any other
 * event is looked at only if it holds their address (a note naming them), and loses their mentions as mentionsToErase
 * says (decision 093). Answers how many events changed.
 */
export async function redactWebhookEventsOf(
  db: Queryable,
  options: { providerOrderIds: readonly string[]; texts: PersonalTexts },
): Promise<number> {
  const { providerOrderIds, texts } = options;
  const events = await lockEventsOfOrdersOrMatching(db, { providerOrderIds, patterns: addressLikePatterns(texts) });
  let changed = 0;
  for (const event of events) {
    const isTheirs = isOfOrders(event.payload, providerOrderIds) || mentionsAddressOf(event.payload, texts.emails);
    const mentions = mentionsToErase(texts, { isTheirs, content: [event.payload, event.error, event.attention] });
    const redacted = {
      id: event.id,
      payload: isTheirs ? providerEventWithoutPerson(event.payload) : redactJson(event.payload, mentions),
      error: event.error === null ? null : redactText(event.error, mentions),
      attention: event.attention === null ? null : redactText(event.attention, mentions),
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

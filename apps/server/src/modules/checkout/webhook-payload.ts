import { z } from 'zod';

// FastSpring's webhook bodies (docs/fastspring-protocol.md §2). Read defensively: only the fields used are checked, the rest is
// kept as it came (stored in webhook_event.payload).

/** One event of a post: `{id, type, live, processed, created, data}`. */
export const webhookEvent = z.looseObject({
  id: z.string().trim().min(1).max(200),
  type: z.string().trim().min(1).max(200),
  live: z.boolean().optional(),
  created: z.number().optional(),
  data: z.unknown(),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** The body of a post: several events at once. */
export const webhookEnvelope = z.object({ events: z.array(webhookEvent).min(1).max(500) });

const text = z.string().max(1000);
const contact = z.looseObject({ first: text.nullish(), last: text.nullish(), email: text.nullish() });
/** A gift's recipient: a contact with the address the gift goes to. */
const recipientContact = contact.extend({ address: z.looseObject({ country: text.nullish() }).nullish() });
/** An amount as FastSpring sends it (a number; anything else is not kept). */
const amount = z.number().finite().nullish().catch(null);
const money = { subtotal: amount, discount: amount, tax: amount, total: amount };
/** Why an item is in the order: `{type: "bundle", path}` for a product a bundle holds (decision 054), add-ons, cross-sells. */
const driver = z.looseObject({ type: text.nullish(), path: text.nullish() }).nullish().catch(null);

/** `order.completed` data (docs/fastspring-protocol.md §2.2); `account` is an id, or an object when webhook expansion is on. */
export const orderCompletedData = z.looseObject({
  id: z.string().min(1).max(200),
  reference: text.nullish(),
  /**
   * When the order last changed, in epoch milliseconds: for `order.completed`, when it was completed (`completed`
   * itself is only `true`). A paid transfer's token is judged at this time (decision 084); not a number: not kept.
   */
  changed: z.number().finite().nullish().catch(null),
  customer: contact.nullish(),
  address: z.looseObject({ country: text.nullish() }).nullish(),
  account: z.union([text, z.looseObject({ contact: contact.nullish(), country: text.nullish() })]).nullish(),
  items: z
    .array(z.looseObject({ product: z.string().min(1).max(200), quantity: z.number().int().min(0).max(1000).nullish(), driver, ...money }))
    .max(200),
  tags: z.record(z.string(), z.unknown()).nullish(),
  /**
   * Whom the order is for: on every order (the payer again on an ordinary one), someone else on a gift ("differs
   * from customer and address information on gift purchases"). Its `account` is an id, or an object when webhook
   * expansion is on. Read strictly: it decides who owns the licences, so an unreadable list needs a person.
   */
  recipients: z
    .array(z.looseObject({ recipient: recipientContact.nullish() }))
    .max(100)
    .nullish(),
  currency: text.nullish().catch(null),
  payoutCurrency: text.nullish().catch(null),
  invoiceUrl: text.nullish().catch(null),
  /** The coupon codes the order used. */
  coupons: z.array(text).max(50).nullish().catch(null),
  ...money,
});
export type OrderCompletedData = z.infer<typeof orderCompletedData>;

/**
 * `chargeback.created` (docs/fastspring-protocol.md §2.3): `order` is the charged-back order's id; the reason is
 * recorded with the revocation, the amount taken back (in `currency`) as money given back (decision 107), on the day
 * of `creationDate` (a date text in UTC, "Fri May 09 17:00:00 UTC 2025").
 */
export const chargebackCreatedData = z.looseObject({
  order: text,
  reasonDescription: text.nullish(),
  reasonCode: text.nullish(),
  chargebackAmount: amount,
  currency: text.nullish().catch(null),
  creationDate: text.nullish().catch(null),
});
export type ChargebackCreatedData = z.infer<typeof chargebackCreatedData>;

/** `return.created` data (docs/fastspring-protocol.md §2.3): the refund points back to the purchase through `original`. */
export const returnCreatedData = z.looseObject({
  return: text.nullish(),
  /** When the return was made, in epoch milliseconds: the day its money counts on (decision 106); not a number: not kept. */
  changed: z.number().finite().nullish().catch(null),
  original: z.looseObject({ id: text.nullish(), order: text.nullish(), reference: text.nullish() }),
  /** What was returned; without it the whole purchase is. */
  items: z
    .array(
      z.looseObject({
        product: text,
        quantity: z.number().int().min(0).max(100_000).nullish(),
        refundType: text.nullish().catch(null),
        driver,
        ...money,
      }),
    )
    .max(1000)
    .nullish(),
  reference: text.nullish().catch(null),
  currency: text.nullish().catch(null),
  totalReturn: amount,
});
export type ReturnCreatedData = z.infer<typeof returnCreatedData>;

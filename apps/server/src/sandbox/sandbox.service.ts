import { createPublicKey } from 'node:crypto';
import type { Server } from 'node:http';
import type { Config } from '../config.js';
import { withTransaction, type Db, type Queryable } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { hitRateLimit, rateLimits } from '../lib/rate-limit.js';
import { addressLikePatterns, mentionsAddressOf, type PersonalTexts } from '../lib/redact.js';
import { siteUrlOf } from '../mail/customer-templates.js';
import {
  findEventOfOrder,
  isLoyaltyCode,
  isLoyaltyCodeOf,
  isOpenLoyaltyCode,
  providerDataWithoutPerson,
  useLoyaltyCode,
  webhookSecretOf,
} from '../modules/checkout/index.js';
import { toBuilderData } from './sandbox-builder-data.js';
import type { SandboxCart } from './sandbox-cart.js';
import {
  newProviderId,
  orderCompletedEvent,
  orderReferenceOf,
  returnCreatedEvent,
  type Buyer,
  type SandboxEvent,
} from './sandbox-events.js';
import { priceCart, type PricedCart } from './sandbox-pricing.js';
import { createSessionToken, readSessionToken } from './sandbox-session-token.js';
import {
  backdateActivation,
  listCatalogueProducts,
  lockSandboxRecordsOfOrdersOrMatching,
  readCheckoutSettings,
  recordSandboxSale,
  replaceSandboxRecordData,
} from './sandbox.repository.js';
import { recordAudit } from '../modules/audit/index.js';
import { listBundleContents } from '../modules/bundle/index.js';
import { decryptSecurePayload, securePayloadKeyOf } from '../modules/offer/index.js';
import { postWebhookToSelf, type SignatureMode, type WebhookDelivery } from './self-webhook.js';

type Context = { db: Queryable; config: Config };

const secretOf = (config: Config) => {
  const secret = webhookSecretOf(config);
  if (!secret || !config.KEY_ENCRYPTION_SECRET) throw new AppError('unavailable', 'The checkout sandbox has no signing secret.');
  return { webhook: secret, session: config.KEY_ENCRYPTION_SECRET };
};

async function price(context: Context, cart: SandboxCart, country?: string): Promise<PricedCart> {
  const [products, settings, isCouponValid, bundleContents] = await Promise.all([
    listCatalogueProducts(context.db),
    readCheckoutSettings(context.db),
    isOpenLoyaltyCode(context.db, cart.coupon),
    listBundleContents(context.db),
  ]);
  return priceCart({ products, settings, cart, isCouponValid, bundleContents, country });
}

/** The buyer's country as the site told it (`builder.country`, or `recognize`'s contact), if it did. */
const countryOfCart = (cart: SandboxCart) => cart.country ?? cart.paymentContact?.country;

/** The data callback's object for a cart: the whole catalogue, the cart's selections, totals and tax. */
export async function priceSandboxSession(context: Context & { cart: SandboxCart }) {
  const priced = await price(context, context.cart, countryOfCart(context.cart));
  return toBuilderData(priced, { country: countryOfCart(context.cart), language: context.cart.language });
}

/** Checkout: fixes the order id and answers the popup's URL with the signed session in it. */
export async function finalizeSandboxCheckout(
  context: Context & { cart: SandboxCart; origin?: string; ip: string },
): Promise<{ url: string }> {
  await hitRateLimit(context.db, rateLimits.sandboxSessionPerIp, context.ip);
  // The popup goes back (and posts its result) only to this site: never an address a caller chose.
  if (context.origin !== undefined && !isSiteAddress(context.origin, siteUrlOf(context.config))) {
    throw new AppError('badRequest', 'The checkout returns only to this site.');
  }
  const priced = await price(context, context.cart);
  if (!priced.items.some((item) => item.isSelected)) throw new AppError('badRequest', 'Your cart is empty.');
  const token = createSessionToken(secretOf(context.config).session, {
    orderId: newProviderId(),
    cart: context.cart,
    origin: context.origin,
    createdAt: Date.now(),
  });
  return { url: `/sandbox/popup?session=${encodeURIComponent(token)}` };
}

/**
 * What the popup shows: the priced cart and the buyer's details known from `recognize`, the country it starts
 * with (the contact's, the cart's, else the United States) and the store's settings for countries without a rule.
 */
export async function describeSandboxCheckout(context: Context & { token: string }) {
  const session = readSessionToken(secretOf(context.config).session, context.token);
  const country = (session.cart.paymentContact?.country ?? session.cart.country ?? 'US').trim().toUpperCase();
  const [priced, settings] = await Promise.all([price(context, session.cart, country), readCheckoutSettings(context.db)]);
  return { session, priced, country, settings };
}

/**
 * Pay: sends the signed `order.completed` webhook to this server over HTTP first, and answers the order's
 * `{id, reference}` for the popup-closed callback only when the webhook was taken. Paying twice with one session
 * posts the same order id again (a resend), which the webhook deduplicates.
 */
export async function paySandboxCheckout(context: Context & { server: Server; token: string; buyer: Buyer; ip: string }) {
  await hitRateLimit(context.db, rateLimits.sandboxPaymentPerIp, context.ip);
  const secrets = secretOf(context.config);
  const session = readSessionToken(secrets.session, context.token);
  // The tax of the country the buyer chose in the popup: what the popup showed is what the order says.
  const priced = await price(context, session.cart, context.buyer.country);
  if (!priced.items.some((item) => item.isSelected)) throw new AppError('badRequest', 'Your cart is empty.');
  const lockedEmail = session.cart.contact?.email;
  if (lockedEmail && lockedEmail.toLowerCase() !== context.buyer.email.toLowerCase()) {
    throw new AppError('badRequest', `This checkout is for ${lockedEmail}.`);
  }
  // A loyalty code is used once, as FastSpring's single-use codes are: a second order with it is refused.
  const isSpentCode = priced.coupons.length === 0 && session.cart.coupon !== '' && (await isLoyaltyCode(context.db, session.cart.coupon));
  if (isSpentCode) throw new AppError('badRequest', 'This coupon was already used.');
  for (const code of priced.coupons) {
    // The code is the customer's own: another buyer who learned it gets no discount.
    if (!(await isLoyaltyCodeOf(context.db, code, context.buyer.email)))
      throw new AppError('badRequest', 'This coupon belongs to another customer.');
    if (!(await useLoyaltyCode(context.db, code, context.buyer.email))) throw new AppError('badRequest', 'This coupon was already used.');
  }
  const reference = orderReferenceOf(session.orderId, new Date(session.createdAt));
  const event = orderCompletedEvent({ session, reference, cart: priced, buyer: context.buyer });
  await recordSandboxSale(context.db, { id: session.orderId, kind: 'order', providerOrderId: session.orderId, data: event.data });
  const delivery = await postWebhookToSelf({ server: context.server, secret: secrets.webhook, events: [event] });
  if (delivery.status !== 200) {
    throw new AppError('unavailable', `The payment went through but the order webhook was refused (HTTP ${delivery.status}).`);
  }
  return { id: session.orderId, reference };
}

/**
 * `fastspring.builder.secure(payload, key)` with an encrypted payload: opened as FastSpring opens it, with the
 * public half of the configured pair (decision 036). In test mode the script takes a plain session object itself.
 */
export function openSecurePayload(context: Context & { sealed: { securePayload: string; secureKey: string } }): unknown {
  const pem = context.config.FASTSPRING_SECURE_PRIVATE_KEY;
  if (!pem) {
    throw new AppError(
      'badRequest',
      'The checkout sandbox cannot open an encrypted secure payload without FASTSPRING_SECURE_PRIVATE_KEY. In test mode, pass the session object itself.',
    );
  }
  const session = decryptSecurePayload(context.sealed, createPublicKey(securePayloadKeyOf(pem)));
  if (session === undefined || typeof session !== 'object' || session === null) {
    throw new AppError('badRequest', 'This secure payload was not encrypted with the key pair set in FASTSPRING_SECURE_PRIVATE_KEY.');
  }
  return session;
}

export type ReplayKind = 'retry' | 'resend' | 'return';

/**
 * Test switch: posts an order's webhook again with the same event id (the provider's automatic retry), with a
 * new event id (a manual resend), or its refund (`return.created`); optionally unsigned or wrongly signed. A
 * refund is the administrator's change at the stand-in provider, saved and audited together before its webhook
 * goes out (the reconciliation finds it there if the webhook is refused); a retry or resend saves nothing here.
 */
export async function replaySandboxEvent(
  context: Context & { db: Db; actor: string; server: Server; orderId: string; kind: ReplayKind; signature?: SignatureMode },
): Promise<WebhookDelivery & { eventId: string }> {
  const stored = await findEventOfOrder(context.db, 'order.completed', context.orderId);
  if (!stored) throw new AppError('notFound', 'No order.completed of this order was received.');
  const original = stored as unknown as SandboxEvent;
  const event: SandboxEvent =
    context.kind === 'retry'
      ? original
      : context.kind === 'resend'
        ? { ...original, id: newProviderId(), created: Date.now() }
        : returnCreatedEvent(original);
  if (context.kind === 'return') {
    const returnId = String(event.data.return);
    await withTransaction(context.db, async (client) => {
      await recordSandboxSale(client, { id: returnId, kind: 'return', providerOrderId: context.orderId, data: event.data });
      await recordAudit(client, {
        actor: context.actor,
        action: 'create',
        entity: 'sandbox-return',
        entityId: returnId,
        after: { orderId: context.orderId, eventId: event.id },
      });
    });
  }
  const delivery = await postWebhookToSelf({
    server: context.server,
    secret: secretOf(context.config).webhook,
    events: [event],
    signature: context.signature,
  });
  return { ...delivery, eventId: event.id };
}

/** Test switch: moves a licence's activation date `days` back (audited like any administrator's change). */
export async function backdateLicence(context: Context & { db: Db; actor: string; orderId: number; days: number }) {
  const moved = await withTransaction(context.db, async (client) => {
    const moved = await backdateActivation(client, context.orderId, context.days);
    if (!moved) throw new AppError('notFound', 'No such licence.');
    await recordAudit(client, {
      actor: context.actor,
      action: 'update',
      entity: 'order',
      entityId: context.orderId,
      before: { licenseActivationDate: moved.before },
      after: { licenseActivationDate: moved.after },
    });
    return moved;
  });
  return { licenseActivationDate: moved.after.toISOString() };
}

/** Whether `address` is on the site's own origin (scheme, host and port). */
function isSiteAddress(address: string, siteUrl: string): boolean {
  try {
    return new URL(address).origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Erases a person from the stand-in's copy of FastSpring's records, as the webhook events are (decision 040): the
 * records of their purchases, or holding their address whole, keep only the tax record; no other record is touched
 * (one found by a longer address, "jimbo@…" for "bo@…", is another customer's; decision 093). Answers how many
 * records changed.
 */
export async function redactSandboxRecordsOf(
  db: Queryable,
  options: { providerOrderIds: readonly string[]; texts: PersonalTexts },
): Promise<number> {
  const { providerOrderIds, texts } = options;
  const records = await lockSandboxRecordsOfOrdersOrMatching(db, { providerOrderIds, patterns: addressLikePatterns(texts) });
  let changed = 0;
  for (const record of records) {
    const isTheirs = providerOrderIds.includes(record.provider_order_id) || mentionsAddressOf(record.data, texts.emails);
    if (!isTheirs) continue;
    const data = providerDataWithoutPerson(record.data);
    if (JSON.stringify(data) === JSON.stringify(record.data)) continue;
    await replaceSandboxRecordData(db, { id: record.id, data });
    changed++;
  }
  return changed;
}

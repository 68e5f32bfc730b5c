import { siteUrlOf } from '../mail/customer-templates.js';
import { orderConfirmationMail, type LicenceOfMail } from '../mail/licence-mails.js';
import { enqueueMailAtCommit } from '../mail/outbox.js';
import { giftReceiptMail } from '../mail/templates.js';
import { signInLinkFor } from '../modules/auth/index.js';
import { currencyOf, type LicenceItem, type OrderParty } from '../modules/checkout/index.js';
import { markLicenceBoughtThroughOffer, markLicencesBoughtThroughBundleQuote, type OfferOfOrder } from '../modules/offer/index.js';
import { issueOrder } from '../modules/order/index.js';
import type { ProductRow } from '../modules/product/index.js';
import type { FlowOptions } from './order-completed.flow.js';

// The order-completed flow's last steps (flows/order-completed.flow.ts): one licence per unit, then their mails.

export type Owner = { personId: number; email: string; name: string };

/**
 * One licence per unit, with what was paid for it, dated when the order was paid (decision 106); those bought through a
 * quote are marked so. Answers those issued now.
 */
export async function issueUnits(
  options: FlowOptions,
  units: {
    owner: Owner;
    payer: OrderParty;
    products: ReadonlyMap<string, ProductRow>;
    offer: OfferOfOrder;
    items: readonly LicenceItem[];
    orderTime: Date;
  },
): Promise<LicenceOfMail[]> {
  const { client, secretBox, config, data } = options;
  const { owner, offer } = units;
  const currency = currencyOf(data);
  // The sale's country is the payer's (a gift's recipient may live elsewhere); without one, the owner's.
  const country = /^[a-z]{2}$/i.test(units.payer.country) ? units.payer.country.toUpperCase() : null;
  const mailed: LicenceOfMail[] = [];
  for (const item of units.items) {
    const product = units.products.get(item.path)!;
    const issued = await issueOrder({
      client,
      secretBox,
      signer: options.signer,
      supportEmail: config.SUPPORT_EMAIL,
      product,
      owner: { email: owner.email, name: owner.name },
      order: {
        productId: product.id,
        personId: owner.personId,
        source: 'purchase',
        providerOrderId: data.id,
        providerItem: item.providerItem,
        providerReference: data.reference ?? undefined,
        amount: item.amount,
        currency: item.amount === null ? null : currency,
        country,
        createdAt: units.orderTime,
      },
    });
    if (!issued) continue;
    if (offer.kind === 'offer' && product.id === offer.targetProductId) {
      const licence = {
        id: issued.order.id,
        productId: product.id,
        productName: product.name,
        personId: owner.personId,
        email: owner.email,
      };
      await markLicenceBoughtThroughOffer(client, licence, offer);
    }
    if (offer.kind === 'bundle') await markLicencesBoughtThroughBundleQuote(client, [issued.order.id], offer.quoteId);
    mailed.push({ productName: product.name, useRsa2048: product.use_rsa_2048, order: issued.order });
  }
  return mailed;
}

/** The owner's confirmation listing the new licences with their key files; a gift's payer gets a receipt naming them. */
export async function mailLicences(
  options: FlowOptions,
  mail: { owner: Owner; payer: OrderParty; isGift: boolean; mailed: readonly LicenceOfMail[] },
): Promise<void> {
  const { client, config, data } = options;
  const { owner, payer } = mail;
  const siteUrl = siteUrlOf(config);
  const orderReference = data.reference ?? data.id;
  const signIn = await signInLinkFor(client, { email: owner.email, purpose: 'purchase', siteUrl });
  const confirmation = { to: owner.email, ownerName: owner.name, orderReference, licences: [...mail.mailed] };
  await enqueueMailAtCommit(client, orderConfirmationMail({ ...confirmation, siteUrl, signIn }));
  if (!mail.isGift) return;
  const receipt = { to: payer.email, payerName: payer.name, recipientName: owner.name, recipientEmail: owner.email };
  const products = mail.mailed.map((licence) => licence.productName);
  await enqueueMailAtCommit(client, giftReceiptMail({ ...receipt, orderReference, products, siteUrl }));
}

import type { RedeemActivationRequest } from '@store/contracts/licence';
import type { Config } from '../config.js';
import { withTransaction, type Db } from '../db/client.js';
import { badRequest } from '../lib/app-error.js';
import { hitRateLimit } from '../lib/rate-limit.js';
import type { SecretBox } from '../lib/secret-box.js';
import { siteUrlOf } from '../mail/customer-templates.js';
import { licenceMail } from '../mail/licence-mails.js';
import { enqueueMail } from '../mail/outbox.js';
import {
  activationPerIp,
  invalidActivationKeyMessage,
  isActivationKeyShaped,
  redeemActivationKey,
  setRedeemedOrder,
} from '../modules/activation/index.js';
import { signInLinkFor } from '../modules/auth/index.js';
import { issueOrder } from '../modules/order/index.js';
import { findOrCreateNamedPerson } from '../modules/person/index.js';
import { isBundleProduct } from '../modules/product/index.js';

/**
 * A retailer's activation key redeemed once (POST /userinfo/registerproduct), in the order its steps run: the
 * caller's hit counted against the per-IP limit and the key's shape checked; then in one transaction the key marked
 * used (its row lock makes concurrent redemptions wait, and all but the first find it used), the person with the
 * address found or created with the name given, the licence issued with its keys, the key tied to it, and the keys
 * mailed with a sign-in link (to the address as stored). Answers the address as typed, never an existing
 * customer's stored spelling of it (that would confirm the address is a customer's and show how they write it), and
 * the product's name.
 */
export async function redeemActivationFlow(options: {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  activation: RedeemActivationRequest;
  ip: string;
}): Promise<{ email: string; productName: string }> {
  const { db, config, activation } = options;
  await hitRateLimit(db, activationPerIp, options.ip);
  if (!isActivationKeyShaped(activation.ActivationKey)) throw badRequest(invalidActivationKeyMessage);
  return withTransaction(db, async (client) => {
    const redeemed = await redeemActivationKey(client, activation.ActivationKey);
    if (!redeemed) throw badRequest(invalidActivationKeyMessage);
    // A batch of a bundle, made before bundles were refused there (decision 104): the code stays unused for support.
    if (await isBundleProduct(client, redeemed.product_id)) {
      throw badRequest('This activation code is for a bundle, which cannot be activated here. Please contact support.');
    }
    const owner = await findOrCreateNamedPerson(client, {
      email: activation.Email,
      name: `${activation.FirstName} ${activation.LastName}`,
    });
    const issued = await issueOrder({
      client,
      secretBox: options.secretBox,
      supportEmail: config.SUPPORT_EMAIL,
      order: { productId: redeemed.product_id, personId: owner.id, source: 'activation' },
    });
    if (!issued) throw new Error('an activation order without a provider id was not inserted');
    await setRedeemedOrder(client, redeemed.id, issued.order.id);
    const siteUrl = siteUrlOf(config);
    const signIn = await signInLinkFor(client, { email: owner.email, purpose: 'activation', siteUrl });
    const licence = { productName: issued.product.name, useRsa2048: issued.product.use_rsa_2048, order: issued.order };
    await enqueueMail(client, licenceMail({ to: owner.email, ownerName: owner.name, licence, siteUrl, signIn, reason: 'activation' }));
    return { email: activation.Email.trim(), productName: issued.product.name };
  });
}

import type { RedeemActivationRequest } from '@store/contracts/licence';
import type { Config } from '../../config.js';
import { withTransaction, type Db } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { siteUrlOf } from '../../mail/customer-templates.js';
import { licenceMail } from '../../mail/licence-mails.js';
import { enqueueMail } from '../../mail/outbox.js';
import { signInLinkFor } from '../auth/index.js';
import { findOrCreateNamedPerson } from '../person/index.js';
import { issueOrder } from '../order/index.js';
import { redeemActivationKey, setRedeemedOrder } from './activation.repository.js';

export const activationPerIp: RateLimitRule = { name: 'activation-ip', limit: 20, windowSeconds: 15 * 60 };
export const invalidActivationKeyMessage = 'This activation key is not valid or has already been used.';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Redeems a retailer's activation key once: in one transaction the key is marked used, the licence is issued
 * to the person with that address (created if needed) and its keys are mailed to them.
 */
export async function redeemActivation(options: {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  activation: RedeemActivationRequest;
  ip: string;
}): Promise<{ email: string; productName: string }> {
  const { db, config, activation } = options;
  await hitRateLimit(db, activationPerIp, options.ip);
  if (!UUID_PATTERN.test(activation.ActivationKey)) throw badRequest(invalidActivationKeyMessage);

  return withTransaction(db, async (client) => {
    const redeemed = await redeemActivationKey(client, activation.ActivationKey);
    if (!redeemed) throw badRequest(invalidActivationKeyMessage);
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
    const signIn = await signInLinkFor(client, { email: owner.email, purpose: 'activation', siteUrl: siteUrlOf(config) });
    await enqueueMail(
      client,
      licenceMail({
        to: owner.email,
        ownerName: owner.name,
        licence: { productName: issued.product.name, useRsa2048: issued.product.use_rsa_2048, order: issued.order },
        siteUrl: siteUrlOf(config),
        signIn,
        reason: 'activation',
      }),
    );
    return { email: owner.email, productName: issued.product.name };
  });
}

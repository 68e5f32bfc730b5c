import type { ResendKeyRequest } from '@store/contracts/order';
import type { Config } from '../../config.js';
import { withTransaction, type Db } from '../../db/client.js';
import { hitRateLimit, rateLimits } from '../../lib/rate-limit.js';
import { licenceMailOfOrder, siteUrlOf } from '../../mail/customer-templates.js';
import { enqueueMail } from '../../mail/outbox.js';
import { findActiveLicencesOfOwner } from './resend.repository.js';

/**
 * Mails the keys of the address's active licences of the product, one mail per licence, to that address
 * only. The caller answers the same whether or not there were any, so nobody learns who owns what.
 */
export async function resendLicenceKeys(options: { db: Db; config: Config; request: ResendKeyRequest; ip: string }): Promise<void> {
  const { db, request } = options;
  await hitRateLimit(db, rateLimits.mailPerIp, `resend:${options.ip}`);
  await hitRateLimit(db, rateLimits.mailPerAddress, `resend:${request.email}`);
  await withTransaction(db, async (client) => {
    const licences = await findActiveLicencesOfOwner(client, request.email, request.productName);
    for (const licence of licences) {
      await enqueueMail(
        client,
        licenceMailOfOrder({
          to: licence.owner_email,
          ownerName: licence.owner_name,
          productName: licence.product_name,
          useRsa2048: licence.use_rsa_2048,
          order: licence,
          siteUrl: siteUrlOf(options.config),
        }),
      );
    }
  });
}

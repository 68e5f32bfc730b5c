import type { SupportRequest } from '@store/contracts/checkout';
import type { Config } from '../../config.js';
import { withTransaction, type Db } from '../../db/client.js';
import { hitRateLimit, rateLimits } from '../../lib/rate-limit.js';
import { siteUrlOf, supportAcknowledgementMail, supportRequestMail } from '../../mail/customer-templates.js';
import { enqueueMail } from '../../mail/outbox.js';
import { insertSupportRequest } from './support.repository.js';

/**
 * Stores a support request, mails it to the support address (the customer as reply-to) and mails the customer its
 * number (one transaction). Answers the request's number.
 */
export async function sendSupportRequest(options: { db: Db; config: Config; request: SupportRequest; ip: string }): Promise<number> {
  const { db, request } = options;
  await hitRateLimit(db, rateLimits.mailPerIp, `support:${options.ip}`);
  await hitRateLimit(db, rateLimits.mailPerAddress, `support:${request.email}`);
  return withTransaction(db, async (client) => {
    const requestId = await insertSupportRequest(client, request);
    await enqueueMail(
      client,
      supportRequestMail({
        to: options.config.SUPPORT_EMAIL,
        customerEmail: request.email,
        productName: request.productName,
        operatingSystem: request.operatingSystem,
        problemDescription: request.problemDescription,
        requestId,
      }),
    );
    const acknowledgement = {
      to: request.email,
      supportEmail: options.config.SUPPORT_EMAIL,
      requestId,
      siteUrl: siteUrlOf(options.config),
    };
    await enqueueMail(client, supportAcknowledgementMail(acknowledgement));
    return requestId;
  });
}

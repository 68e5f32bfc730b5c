import type { SupportRequest } from '@store/contracts/checkout';
import type { Config } from '../../config.js';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { addressSubject, hitRateLimit, rateLimits } from '../../lib/rate-limit.js';
import { siteUrlOf, supportAcknowledgementMail, supportRequestMail } from '../../mail/customer-templates.js';
import { enqueueMail } from '../../mail/outbox.js';
import { emitWebhookEvent } from '../outbound-webhook/index.js';
import * as repository from './support.repository.js';

/**
 * Stores a support request, mails it to the support address (the customer as reply-to) and mails the customer its
 * number (one transaction). Answers the request's number.
 */
async function sendSupportRequest(options: { db: Db; config: Config; request: SupportRequest; ip: string }): Promise<number> {
  const { db, request } = options;
  await hitRateLimit(db, rateLimits.mailPerIp, `support:${options.ip}`);
  await hitRateLimit(db, rateLimits.mailPerAddress, `support:${addressSubject(request.email)}`);
  return withTransaction(db, async (client) => {
    const requestId = await repository.insertSupportRequest(client, request);
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
    await emitWebhookEvent(client, {
      type: 'support.requested',
      data: {
        requestId,
        email: request.email,
        productName: request.productName,
        operatingSystem: request.operatingSystem,
        problemDescription: request.problemDescription,
      },
    });
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

/** The support requests sent with the address (the customer's export, docs/PRIVACY.md). */
export const listSupportRequestsOf = (db: Queryable, email: string) => repository.listSupportRequestsOf(db, email);

/** Deletes the support requests of an erased person's address (their mails to support go with the outbox's erasure). */
export const deleteSupportRequestsOf = (db: Queryable, email: string) => repository.deleteSupportRequestsOf(db, email);

/** The support module's service, built once by `buildApp` with its database and settings (decision 067). */
export function createSupportService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  return { sendSupportRequest: (request: SupportRequest, ip: string) => sendSupportRequest({ db, config, request, ip }) };
}
export type SupportService = ReturnType<typeof createSupportService>;

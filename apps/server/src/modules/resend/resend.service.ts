import type { ResendKeyRequest } from '@store/contracts/order';
import type { Config } from '../../config.js';
import { withTransaction, type Db } from '../../db/client.js';
import { ADDRESS_CALL_FLOOR_MS, withMinimumDuration } from '../../lib/minimum-duration.js';
import { notFound } from '../../lib/app-error.js';
import { addressSubject, hitRateLimit, rateLimits } from '../../lib/rate-limit.js';
import { recordAudit } from '../audit/index.js';
import { siteUrlOf } from '../../mail/customer-templates.js';
import { licenceMail } from '../../mail/licence-mails.js';
import { enqueueMail } from '../../mail/outbox.js';
import { findPersonByEmail } from '../person/index.js';
import { findActiveLicencesOfPerson } from './resend.repository.js';

/**
 * Mails the keys of the address's active licences of the product, one mail per licence, to that address
 * only. For anyone the caller answers the same whether or not there were any, so nobody learns who owns what,
 * and the public mail limits apply. For the administrator (`admin`: the name) no limits apply, each mail is
 * audited, and an address without such a licence is a 404 the screen shows. Answers how many licences were mailed.
 */
async function resendLicenceKeys(options: {
  db: Db;
  config: Config;
  request: ResendKeyRequest;
  ip: string;
  admin?: string;
}): Promise<number> {
  const { db, request, admin } = options;
  if (admin === undefined) {
    // For anyone, the answer also takes as long whether or not the address owns the product.
    return withMinimumDuration(ADDRESS_CALL_FLOOR_MS, async () => {
      await hitRateLimit(db, rateLimits.mailPerIp, `resend:${options.ip}`);
      await hitRateLimit(db, rateLimits.mailPerAddress, `resend:${addressSubject(request.email)}`);
      return mailLicenceKeys(options);
    });
  }
  return mailLicenceKeys(options);
}

async function mailLicenceKeys(options: {
  db: Db;
  config: Config;
  request: ResendKeyRequest;
  admin?: string | undefined;
}): Promise<number> {
  const { db, request, admin } = options;
  return withTransaction(db, async (client) => {
    const owner = await findPersonByEmail(client, request.email);
    const licences = owner ? await findActiveLicencesOfPerson(client, owner.id, request.productName) : [];
    if (!owner || licences.length === 0) {
      if (admin !== undefined) throw notFound(`${request.email} has no active licence of ${request.productName}.`);
      return 0;
    }
    for (const licence of licences) {
      if (admin !== undefined) {
        await recordAudit(client, {
          actor: admin,
          action: 'resend-keys',
          entity: 'order',
          entityId: licence.id,
          after: { to: owner.email },
        });
      }
      await enqueueMail(
        client,
        licenceMail({
          to: owner.email,
          ownerName: owner.name,
          licence: { productName: licence.product_name, useRsa2048: licence.use_rsa_2048, order: licence },
          siteUrl: siteUrlOf(options.config),
          reason: 'resend',
        }),
      );
    }
    return licences.length;
  });
}

/**
 * The resend module's service, built once by `buildApp` with its database and settings (decision 067). `admin`: the
 * administrator's name when staff asks (no limits, audited), undefined for anyone.
 */
export function createResendService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  return {
    resendLicenceKeys: (request: ResendKeyRequest, ip: string, admin?: string) => resendLicenceKeys({ db, config, request, ip, admin }),
  };
}
export type ResendService = ReturnType<typeof createResendService>;

import { withdrawReleaseMailConsent } from '../person/index.js';
import type { ReleaseChannel } from '@store/contracts/download';
import type { AdminRelease, PublishedRelease, publishReleaseRequest, ReleaseRecipientCount } from '@store/contracts/release';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import { withTransaction, type Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { releaseNoticeMail, siteUrlOf } from '../../mail/customer-templates.js';
import { enqueueMail, type OutgoingMail } from '../../mail/outbox.js';
import { recordAudit } from '../audit/index.js';
import { emitWebhookEvent } from '../outbound-webhook/index.js';
import { findProductById } from '../product/index.js';
import { transferTokenSecretOf } from '../transfer/index.js';
import * as repository from './release-mail.repository.js';
import { createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-token.js';

/** The job queue's task that mails a release's owners (jobs/job-runner.ts). */
export const SEND_RELEASE_MAIL_TASK = 'send_release_mail';
/** Recipients per transaction of the mailing job: a crash loses at most one batch's work, never mails twice. */
export const RELEASE_MAIL_BATCH_SIZE = 200;

/**
 * Publishes a version of a product whose installers are saved (one per platform, in the product editor), and,
 * when asked, queues the job that mails the owners who agreed to release mail; emits `release.published`. A version
 * published twice is a 409.
 */
export async function publishRelease(options: {
  db: Db;
  actor: string;
  productId: number;
  request: z.output<typeof publishReleaseRequest>;
}): Promise<PublishedRelease> {
  const { db, productId, request } = options;
  return withTransaction(db, async (client) => {
    if (!(await repository.hasInstallersOf(client, productId, request.version, request.channel))) {
      throw badRequest(`Add the ${request.channel} installers of version ${request.version} first.`);
    }
    const release = await repository.insertRelease(client, { productId, ...request, publishedBy: options.actor });
    if (!release) throw conflict(`Version ${request.version} is already published.`);
    if (request.notifyOwners) await repository.queueReleaseMailJob(client, SEND_RELEASE_MAIL_TASK, release.id);
    await recordAudit(client, { actor: options.actor, action: 'create', entity: 'product_release', entityId: release.id, after: request });
    const published = {
      id: release.id,
      version: release.version,
      channel: release.channel,
      notes: release.notes,
      publishedAt: release.published_at.toISOString(),
    };
    const { id: releaseId, ...rest } = published;
    const productName = (await findProductById(client, productId))?.name ?? '';
    await emitWebhookEvent(client, { type: 'release.published', data: { releaseId, productId, productName, ...rest } });
    return { ...published, isMailing: request.notifyOwners };
  });
}

/**
 * The mailing job: claims recipients batch by batch (release_mail's key: each address once per release) and puts
 * each batch's mails in the outbox in the same transaction, until none is left.
 */
export async function sendReleaseMail(options: { db: Db; config: Config; releaseId: number; batchSize?: number }): Promise<number> {
  const release = await repository.findRelease(options.db, options.releaseId);
  if (!release) return 0;
  let sent = 0;
  for (;;) {
    const batch = await withTransaction(options.db, async (client) => {
      const recipients = await repository.claimRecipients(client, release, options.batchSize ?? RELEASE_MAIL_BATCH_SIZE);
      const mails: { emailCanonical: string; mailId: number }[] = [];
      for (const recipient of recipients) {
        const mailId = await enqueueMail(client, releaseMail({ config: options.config, release, recipient }));
        mails.push({ emailCanonical: recipient.email_canonical, mailId });
      }
      await repository.recordRecipientMails(client, release.id, mails);
      return recipients.length;
    });
    if (batch === 0) return sent;
    sent += batch;
  }
}

function releaseMail(options: { config: Config; release: repository.ReleaseRow; recipient: repository.ReleaseRecipient }): OutgoingMail {
  const { config, release, recipient } = options;
  const siteUrl = siteUrlOf(config);
  const token = createUnsubscribeToken(transferTokenSecretOf(config), recipient.person_id);
  return releaseNoticeMail({
    to: recipient.email,
    ownerName: recipient.name,
    title: `${release.product_name} ${release.version}${release.channel === 'beta' ? ' beta' : ''} is available`,
    notes: release.notes,
    siteUrl,
    unsubscribeUrl: `${siteUrl}/unsubscribe/${token}`,
    // RFC 8058: a mail client unsubscribes with one POST to this address, without a login.
    oneClickUrl: `${siteUrl}/api/release-mail/unsubscribe?token=${token}`,
  });
}

/** The product's releases, newest first, each with whether it mails its owners and how far its mail got. */
export async function listReleases(options: { db: Db; productId: number }): Promise<AdminRelease[]> {
  const rows = await repository.listReleasesOfProduct(options.db, options.productId);
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    channel: row.channel,
    notes: row.notes,
    publishedAt: row.published_at.toISOString(),
    publishedBy: row.published_by,
    isMailing: row.notify_owners,
    mailQueued: row.mail_queued,
    mailSent: row.mail_sent,
    mailFailed: row.mail_failed,
  }));
}

/** How many owners a release of the product on the channel would mail now: what the administrator confirms. */
export async function countReleaseRecipients(options: {
  db: Db;
  productId: number;
  channel: ReleaseChannel;
}): Promise<ReleaseRecipientCount> {
  return { channel: options.channel, owners: await repository.countConsentingOwners(options.db, options.productId, options.channel) };
}

/** Withdraws the consent of the person a release mail's token names; a token that is not ours is a 404. */
export async function unsubscribeFromReleaseMail(options: { db: Db; config: Config; token: string }): Promise<void> {
  const personId = readUnsubscribeToken(transferTokenSecretOf(options.config), options.token);
  if (personId === null) throw notFound('This unsubscribe link is not valid.');
  await withdrawReleaseMailConsent(options.db, personId);
}

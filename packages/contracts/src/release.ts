import { z } from 'zod';
import { downloadPlatform, releaseChannel } from './download.js';

/**
 * GET /plugin/updates (no login, cacheable): what a plug-in asks to learn whether a newer build exists. Stable
 * only: the beta channel needs the licence's key, so it is asked with POST (decision 055).
 */
export const updateCheckQuery = z.object({
  product: z.string().trim().min(1).max(100),
  platform: downloadPlatform,
});
export type UpdateCheckQuery = z.infer<typeof updateCheckQuery>;

/** POST /plugin/updates: the same question with the licence's key (serial or key file) and the channel wanted. */
export const updateCheckRequest = updateCheckQuery.extend({
  channel: releaseChannel.default('stable'),
  key: z.string().trim().min(1).max(4000),
});
export type UpdateCheckRequest = z.input<typeof updateCheckRequest>;

/** The newest build for the platform on the channels the caller may have; `version` null when there is none. */
export const updateCheckResponse = z.object({
  productName: z.string(),
  platform: downloadPlatform,
  channel: releaseChannel,
  version: z.string().nullable(),
  releaseDate: z.string().nullable(),
  notes: z.string(),
  /** Where the owner downloads it: the customer area's downloads. */
  downloadPage: z.string(),
});
export type UpdateCheckResponse = z.infer<typeof updateCheckResponse>;

/** GET and PUT /userinfo/release-preferences: the owner's choices, each with the date it was made. */
export const releasePreferences = z.object({
  betaChannel: z.boolean(),
  releaseMail: z.boolean(),
});
export type ReleasePreferences = z.infer<typeof releasePreferences>;
export const releasePreferencesResponse = releasePreferences.extend({
  betaOptedInAt: z.string().nullable(),
  releaseMailConsentAt: z.string().nullable(),
});
export type ReleasePreferencesResponse = z.infer<typeof releasePreferencesResponse>;

/** POST /product/{id}/releases (administrator): publishes a version whose installers are saved, optionally mailing. */
export const publishReleaseRequest = z.object({
  version: z.string().trim().min(1, 'Version is required').max(50),
  channel: releaseChannel.default('stable'),
  notes: z.string().max(5000).default(''),
  /** Mail the owners of the product who agreed to release mail (for a beta: those of them who opted in to it). */
  notifyOwners: z.boolean().default(false),
});
export type PublishReleaseRequest = z.input<typeof publishReleaseRequest>;
export const publishedRelease = z.object({
  id: z.number().int(),
  version: z.string(),
  channel: releaseChannel,
  notes: z.string(),
  publishedAt: z.string(),
  isMailing: z.boolean(),
});
export type PublishedRelease = z.infer<typeof publishedRelease>;

/** POST /release-mail/unsubscribe?token=...: RFC 8058 one-click, no login; the token is the mail's own. */
export const unsubscribeQuery = z.object({ token: z.string().trim().min(1).max(200) });

/** GET /product/{id}/releases (administrator): the product's releases, newest first, with their mail's progress. */
export const adminRelease = publishedRelease.extend({
  publishedBy: z.string(),
  /** Mails of this release in the outbox: waiting for delivery, delivered, failed for good. */
  mailQueued: z.number().int(),
  mailSent: z.number().int(),
  mailFailed: z.number().int(),
});
export type AdminRelease = z.infer<typeof adminRelease>;
export const adminReleaseList = z.array(adminRelease);

/** GET /product/{id}/releases/recipients?channel=: how many owners a release on the channel would mail now. */
export const releaseRecipientsQuery = z.object({ channel: releaseChannel.default('stable') });
export const releaseRecipientCount = z.object({ channel: releaseChannel, owners: z.number().int() });
export type ReleaseRecipientCount = z.infer<typeof releaseRecipientCount>;

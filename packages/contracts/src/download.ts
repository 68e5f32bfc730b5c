import { z } from 'zod';

/** The platforms an installer is built for, in the order the customer area lists them. */
export const downloadPlatforms = ['macos', 'windows', 'linux'] as const;
export const downloadPlatform = z.enum(downloadPlatforms);
export type DownloadPlatform = z.infer<typeof downloadPlatform>;
export const platformLabels: Record<DownloadPlatform, string> = { macos: 'macOS', windows: 'Windows', linux: 'Linux' };

/**
 * Release channels (decision 055): "stable" builds go to every owner; "beta" builds only to owners who opted in,
 * in the customer area.
 */
export const releaseChannels = ['stable', 'beta'] as const;
export const releaseChannel = z.enum(releaseChannels);
/** How the admin screens name each channel. */
export const channelLabels: Record<(typeof releaseChannels)[number], string> = {
  stable: 'Stable (every owner)',
  beta: 'Beta (owners who opted in)',
};
export type ReleaseChannel = z.infer<typeof releaseChannel>;

/** Where an installer lives: an object key in the vendor's S3-compatible bucket, or a URL the vendor hosts. */
export const downloadStorage = z.enum(['s3', 'url']);

/** An installer as the customer area lists it (no storage location: the file is reached through its link). */
export const productDownload = z.object({
  id: z.number().int(),
  platform: downloadPlatform,
  version: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  releaseDate: z.string(),
  notes: z.string(),
  channel: releaseChannel,
  /** The newest release for its platform. */
  isCurrent: z.boolean(),
});
export type ProductDownload = z.infer<typeof productDownload>;

/** GET /userinfo/downloads: the installers of each product the caller owns an active licence of. */
export const ownedProductDownloads = z.array(z.object({ productName: z.string(), downloads: z.array(productDownload) }));
export type OwnedProductDownloads = z.infer<typeof ownedProductDownloads>;

/**
 * GET /downloads/byProduct/{productName} (no login): a product's public installers (its trial builds, decision 035),
 * the newest of each platform, with the product's trial length for the page's explanation.
 */
export const publicProductDownloads = z.object({
  productName: z.string(),
  trialDays: z.number().int(),
  downloads: z.array(productDownload.omit({ isCurrent: true })),
});
export type PublicProductDownloads = z.infer<typeof publicProductDownloads>;
/** Its path: the product's name in any case (a product page's address has it in lower case). */
export const publicProductDownloadsParams = z.object({ productName: z.string().trim().min(1).max(100) });
export type PublicDownload = PublicProductDownloads['downloads'][number];

/**
 * GET /userinfo/downloads/{id} and, for a public installer and anyone, GET /downloads/{id}: the installer's link,
 * presigned and expiring for files in the bucket.
 */
export const downloadLink = z.object({ url: z.string(), fileName: z.string(), expiresAt: z.string().nullable() });
export type DownloadLink = z.infer<typeof downloadLink>;

const sha256Field = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^([0-9a-f]{64})?$/, 'SHA-256 is 64 hexadecimal characters.');

/** The administrator's view of an installer, storage included. */
export const adminProductDownload = productDownload.omit({ isCurrent: true }).extend({
  productId: z.number().int(),
  storage: downloadStorage,
  location: z.string(),
  /** Offered to every visitor on the product's page (the trial build), or to owners only. */
  isPublic: z.boolean(),
  /** The links visitors were handed for this platform and version, all time (decision 035). */
  downloadCount: z.number().int(),
});
export type AdminProductDownload = z.infer<typeof adminProductDownload>;
export const adminProductDownloads = z.array(adminProductDownload);

/** POST /product/{id}/downloads: id 0 adds an installer, another id changes it. */
export const saveProductDownloadRequest = z
  .object({
    id: z.number().int().min(0).default(0),
    platform: downloadPlatform,
    version: z.string().trim().min(1, 'Version is required').max(50),
    fileName: z.string().trim().min(1, 'File name is required').max(200),
    sizeBytes: z.coerce.number().int().min(0, 'Size cannot be negative').max(Number.MAX_SAFE_INTEGER),
    sha256: sha256Field,
    releaseDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Release date is YYYY-MM-DD'),
    notes: z.string().max(5000).default(''),
    storage: downloadStorage,
    location: z.string().trim().min(1, 'Location is required').max(1000),
    /** Left out, a new installer is owners-only and a changed one keeps its setting. */
    isPublic: z.boolean().optional(),
    /** Left out, a new installer is stable and a changed one keeps its channel. */
    channel: releaseChannel.optional(),
  })
  .superRefine((value, context) => {
    if (value.storage === 'url' && !/^(https?:\/\/[^\s]+|\/[^/\s][^\s]*)$/.test(value.location)) {
      context.addIssue({ code: 'custom', path: ['location'], message: 'A URL starts with https://, http:// or /.' });
    }
    if (value.channel === 'beta' && value.isPublic === true) {
      context.addIssue({ code: 'custom', path: ['isPublic'], message: 'A beta build is for opted-in owners only.' });
    }
    if (value.storage === 's3' && value.location.startsWith('/')) {
      context.addIssue({ code: 'custom', path: ['location'], message: 'An object key does not start with /.' });
    }
  });
export type SaveProductDownloadRequest = z.input<typeof saveProductDownloadRequest>;
export type SavedProductDownload = z.output<typeof saveProductDownloadRequest>;

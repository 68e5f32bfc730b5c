import type { DownloadLink } from '@store/contracts/download';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { siteUrlOf } from '../../mail/customer-templates.js';
import type { DownloadRow } from './download.repository.js';
import { presignGetUrl, type BucketConfig } from './s3-presign.js';

const bucketOf = (config: Config): BucketConfig | undefined =>
  config.DOWNLOADS_S3_ENDPOINT && config.DOWNLOADS_S3_ACCESS_KEY_ID && config.DOWNLOADS_S3_SECRET_ACCESS_KEY
    ? {
        endpoint: config.DOWNLOADS_S3_ENDPOINT,
        region: config.DOWNLOADS_S3_REGION,
        accessKeyId: config.DOWNLOADS_S3_ACCESS_KEY_ID,
        secretAccessKey: config.DOWNLOADS_S3_SECRET_ACCESS_KEY,
      }
    : undefined;

/**
 * The link of an installer the caller may have: a presigned URL that expires for a file in the bucket, or the
 * vendor's own URL (decision 023). The file never passes through this server.
 */
export function linkToDownload(options: { config: Config; download: DownloadRow; now?: Date }): DownloadLink {
  const { config, download } = options;
  if (download.storage === 'url') {
    return { url: new URL(download.location, `${siteUrlOf(config)}/`).toString(), fileName: download.file_name, expiresAt: null };
  }
  const bucket = bucketOf(config);
  if (!bucket) throw new AppError('unavailable', 'Downloads are not available right now. Please try again later.');
  const now = options.now ?? new Date();
  const expiresInSeconds = config.DOWNLOADS_URL_EXPIRY_SECONDS;
  const url = presignGetUrl({
    bucket,
    key: download.location,
    expiresInSeconds,
    now,
    responseParameters: { 'response-content-disposition': `attachment; filename="${download.file_name.replace(/["\\]/g, '_')}"` },
  });
  return { url, fileName: download.file_name, expiresAt: new Date(now.getTime() + expiresInSeconds * 1000).toISOString() };
}

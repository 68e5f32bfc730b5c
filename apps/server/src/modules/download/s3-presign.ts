import { createHash, createHmac } from 'node:crypto';

/** An S3-compatible bucket: its base URL (virtual-host or path style), region and credentials. */
export type BucketConfig = { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - . _ ~ stay as they are. */
const encodeRfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

const amzDateOf = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * A presigned GET URL for an object (AWS Signature Version 4, query-string authentication, as S3 and the
 * S3-compatible stores accept it; the algorithm is written up in docs/decisions/023-customer-journey.md). The URL
 * works without credentials until `expiresInSeconds` after `now`, for that object only.
 */
export function presignGetUrl(options: {
  bucket: BucketConfig;
  key: string;
  expiresInSeconds: number;
  now?: Date;
  /** Extra response parameters S3 honours, e.g. response-content-disposition. */
  responseParameters?: Record<string, string>;
}): string {
  const { bucket } = options;
  const now = options.now ?? new Date();
  const amzDate = amzDateOf(now);
  const dateStamp = amzDate.slice(0, 8);
  const scope = `${dateStamp}/${bucket.region}/s3/aws4_request`;

  const base = new URL(bucket.endpoint.endsWith('/') ? bucket.endpoint : `${bucket.endpoint}/`);
  const keyPath = options.key.split('/').map(encodeRfc3986).join('/');
  const canonicalUri = `${base.pathname}${keyPath}`;
  const query: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${bucket.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(options.expiresInSeconds)],
    ['X-Amz-SignedHeaders', 'host'],
    ...Object.entries(options.responseParameters ?? {}),
  ];
  const canonicalQuery = query
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = ['GET', canonicalUri, canonicalQuery, `host:${base.host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${bucket.secretAccessKey}`, dateStamp), bucket.region),
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `${base.protocol}//${base.host}${canonicalUri}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}

import { describe, expect, it } from 'vitest';
import { presignGetUrl } from './s3-presign.js';

// The worked example of AWS's "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)".
const example = {
  bucket: {
    endpoint: 'https://examplebucket.s3.amazonaws.com',
    region: 'us-east-1',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
  key: 'test.txt',
  expiresInSeconds: 86400,
  now: new Date('2013-05-24T00:00:00Z'),
};

describe('presignGetUrl', () => {
  it("gives the signature of AWS's published example", () => {
    const url = new URL(presignGetUrl(example));
    expect(url.origin + url.pathname).toBe('https://examplebucket.s3.amazonaws.com/test.txt');
    expect(url.searchParams.get('X-Amz-Credential')).toBe('AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20130524T000000Z');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('86400');
    expect(url.searchParams.get('X-Amz-Signature')).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
  });

  it('signs path-style buckets and keys with spaces and folders, differently for each key and expiry', () => {
    const pathStyle = { ...example.bucket, endpoint: 'http://127.0.0.1:9000/installers' };
    const url = new URL(presignGetUrl({ ...example, bucket: pathStyle, key: 'spacey/Spacey 1.2 (mac).dmg' }));
    expect(url.host).toBe('127.0.0.1:9000');
    expect(url.pathname).toBe('/installers/spacey/Spacey%201.2%20%28mac%29.dmg');
    const signatures = new Set(
      [presignGetUrl(example), presignGetUrl({ ...example, key: 'other.txt' }), presignGetUrl({ ...example, expiresInSeconds: 60 })].map(
        (signed) => new URL(signed).searchParams.get('X-Amz-Signature'),
      ),
    );
    expect(signatures.size).toBe(3);
  });
});

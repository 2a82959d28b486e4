import crypto from 'node:crypto';

/**
 * AWS Signature Version 4 for browser POST uploads: the signing key is derived from the secret,
 * the day, the region and the service; the base64 policy is the string to sign. Checked in the
 * tests against AWS's own published example (sigv4-post-example).
 */
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data, 'utf8').digest();

function signingKey(secretKey: string, day: string, region: string, service = 's3'): Buffer {
  const kDate = hmac(`AWS4${secretKey}`, day);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

/** hex HMAC-SHA256 of the base64 policy with the day's signing key */
export function signPolicy(base64Policy: string, secretKey: string, day: string, region: string): string {
  return crypto.createHmac('sha256', signingKey(secretKey, day, region)).update(base64Policy, 'utf8').digest('hex');
}

/** 20151229T000000Z */
const amzDate = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export interface S3PostInput {
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /** every key must start with this */
  keyPrefix: string;
  minBytes: number;
  maxBytes: number;
  expiresAt: Date;
  now: Date;
}

/** The form fields (besides key and file) a browser posts to an S3 bucket, and the policy they carry. */
export function s3PostFields(p: S3PostInput): { policy: string; signature: string; fields: Record<string, string> } {
  const date = amzDate(p.now);
  const day = date.slice(0, 8);
  const credential = `${p.accessKey}/${day}/${p.region}/s3/aws4_request`;
  const doc = {
    expiration: p.expiresAt.toISOString(),
    conditions: [
      { bucket: p.bucket },
      ['starts-with', '$key', p.keyPrefix],
      ['content-length-range', p.minBytes, p.maxBytes],
      { success_action_status: '200' },
      { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
      { 'x-amz-credential': credential },
      { 'x-amz-date': date },
    ],
  };
  const policy = Buffer.from(JSON.stringify(doc), 'utf8').toString('base64');
  const signature = signPolicy(policy, p.secretKey, day, p.region);
  return {
    policy,
    signature,
    fields: {
      success_action_status: '200',
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-credential': credential,
      'x-amz-date': date,
      policy,
      'x-amz-signature': signature,
    },
  };
}

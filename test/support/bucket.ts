/** Direct access to the local bucket (s3rver), to check what a call really stored or removed. */
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';

let client: S3Client | undefined;

/** An S3 client for the test host's s3rver (path-style, its fixed credentials, checksums only where required). */
export function bucketClient(): S3Client {
  client ??= new S3Client({
    endpoint: inject('s3Endpoint'), forcePathStyle: true, region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return client;
}

/** Whether the bucket holds an object under `key`. */
export async function objectExists(key: string): Promise<boolean> {
  try {
    await bucketClient().send(new HeadObjectCommand({ Bucket: inject('bucket'), Key: key }));
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'NotFound') return false;
    throw err;
  }
}

/** Puts an object straight into the bucket, past every route. */
export async function storeObject(key: string, body: Buffer | string, contentType = 'image/jpeg'): Promise<void> {
  await bucketClient().send(new PutObjectCommand({ Bucket: inject('bucket'), Key: key, Body: body, ContentType: contentType }));
}

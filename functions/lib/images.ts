/**
 * The images bucket: object keys start with `images/` (CloudFront serves /images/* from it).
 * Endpoint and bucket come from the environment (s3rver locally, S3 in the cloud).
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { callOptions } from '../db/aws-calls';

let client: S3Client | undefined;

export function s3(): S3Client {
  client ??= new S3Client({
    ...callOptions(),
    ...(process.env.S3_ENDPOINT ? { endpoint: process.env.S3_ENDPOINT, forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true' } : {}),
    ...(process.env.AWS_REGION ? {} : { region: 'us-east-1' }),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return client;
}

export function imagesBucket(): string {
  const name = process.env.IMAGES_BUCKET;
  if (!name) throw new Error('IMAGES_BUCKET is not set');
  return name;
}

export async function deleteImage(key: string): Promise<void> {
  if (!key.startsWith('images/')) throw new Error(`refusing to delete ${key}: not an image key`);
  await s3().send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: key }));
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Checks an uploaded object before its key is saved: presigned uploads cannot be trusted to
 * hold what was asked for, so the size and type are read back (HEAD).
 */
export async function verifyUploadedImage(key: string, maxBytes: number): Promise<ImageCheck> {
  return checkImageHead(() => s3().send(new HeadObjectCommand({ Bucket: imagesBucket(), Key: key })), maxBytes);
}

export type ImageCheck = 'ok' | 'missing' | 'too-large' | 'wrong-type';

/** Reads an object's HEAD (made by the caller, on whichever prefix it may read) and judges it as an uploaded image of at most `maxBytes`. */
export async function checkImageHead(head: () => Promise<{ ContentLength?: number; ContentType?: string }>, maxBytes: number): Promise<ImageCheck> {
  try {
    const { ContentLength, ContentType } = await head();
    if ((ContentLength ?? Infinity) > maxBytes) return 'too-large';
    if (!(IMAGE_TYPES as readonly string[]).includes(ContentType ?? '')) return 'wrong-type';
    return 'ok';
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'NotFound' || name === 'NoSuchKey' || name === 'Forbidden') return 'missing';
    throw err;
  }
}

/** The bytes of an image, or null when it is gone. */
export async function readImage(key: string): Promise<Uint8Array | null> {
  if (!key.startsWith('images/')) throw new Error(`refusing to read ${key}: not an image key`);
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: imagesBucket(), Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : null;
  } catch (err) {
    const name = (err as { name?: string }).name;
    // Without ListBucket a missing key answers AccessDenied rather than NoSuchKey.
    if (name === 'NoSuchKey' || name === 'NotFound' || name === 'AccessDenied') return null;
    throw err;
  }
}

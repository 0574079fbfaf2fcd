/**
 * The images bucket's private prefix, `private/`: objects only their owners may load, never
 * served by the CDN (it serves `/images/*` alone) and handed out only as short-lived presigned
 * GETs. Every S3 call on this prefix is made here, so the route grants `private:read` and
 * `private:write` (functions/lib/route-types.ts) cover exactly these calls and no route's
 * `images:*` grant reaches them.
 *
 *   private/exports/user#<userId>/export#<exportId>.zip     a member's data export (kept 7 days: the bucket's lifecycle rule)
 *   private/messages/user#<userId>/photo#<uploadId>         a photo of a message, uploaded by its sender
 *   private/messages/user#<userId>/photo#<uploadId>.w640    its small rendition
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PHOTO_TYPES } from '../../shared/content-rules';
import { checkImageHead, imagesBucket, s3, type ImageCheck } from './images';

export const PRIVATE_PREFIX = 'private/';
/** Where exports live; the bucket's lifecycle rule removes them after EXPORT_KEEP_DAYS (infra/aws/storage.ts). */
export const EXPORTS_PREFIX = `${PRIVATE_PREFIX}exports/`;
export const EXPORT_KEEP_DAYS = 7;

export const exportObjectKey = (userId: string, exportId: string): string => `${EXPORTS_PREFIX}user#${userId}/export#${exportId}.zip`;

/** Where the photos of messages live, per sender. */
export const MESSAGE_PHOTOS_PREFIX = `${PRIVATE_PREFIX}messages/`;
export const messagePhotoKey = (userId: string, uploadId: string): string => `${MESSAGE_PHOTOS_PREFIX}user#${userId}/photo#${uploadId}`;
export const MESSAGE_PHOTO_KEY_PATTERN = /^private\/messages\/user#[0-9a-f-]{36}\/photo#[0-9a-f-]{36}$/;
/** A message photo's small rendition (what a thread shows), beside the original. */
export const smallMessagePhotoKey = (key: string): string => `${key}.w640`;

function assertPrivate(key: string): string {
  if (!key.startsWith(PRIVATE_PREFIX) || key.includes('..')) throw new Error(`refusing ${key}: not a private key`);
  return key;
}

/** A presigned GET of a private object, for `seconds`, downloaded as `filename`. */
export function signPrivateGet(key: string, seconds: number, filename?: string): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: imagesBucket(),
    Key: assertPrivate(key),
    ...(filename ? { ResponseContentDisposition: `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"` } : {}),
  });
  return getSignedUrl(s3(), command, { expiresIn: seconds });
}

/**
 * A presigned GET of a private image that a screen shows: signed as of the start of its
 * 5-minute window, so every read within the window hands out the same URL (the browser's cache
 * holds), for 20 minutes from that start (so at least 15 from now), cached by the browser for as
 * long as it works.
 */
export function signPrivateView(key: string, nowMs = Date.now()): Promise<string> {
  const windowMs = 5 * 60_000;
  const signingDate = new Date(Math.floor(nowMs / windowMs) * windowMs);
  const command = new GetObjectCommand({ Bucket: imagesBucket(), Key: assertPrivate(key), ResponseCacheControl: 'private, max-age=900' });
  return getSignedUrl(s3(), command, { expiresIn: 20 * 60, signingDate });
}

/** The PUT of a private upload, for a presigned URL signed with its content type and length (functions/images/presigned-upload.ts). */
export function privatePutCommand(key: string, contentType: (typeof PHOTO_TYPES)[number], size: number): PutObjectCommand {
  return new PutObjectCommand({ Bucket: imagesBucket(), Key: assertPrivate(key), ContentType: contentType, ContentLength: size });
}

/** Reads a private upload back (HEAD) and judges it as an image of at most `maxBytes`. */
export function verifyPrivateImage(key: string, maxBytes: number): Promise<ImageCheck> {
  return checkImageHead(() => s3().send(new HeadObjectCommand({ Bucket: imagesBucket(), Key: assertPrivate(key) })), maxBytes);
}

/** A private object's bytes and type, or null when it is gone. */
export async function readPrivate(key: string): Promise<{ bytes: Uint8Array; contentType: string | undefined } | null> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: imagesBucket(), Key: assertPrivate(key) }));
    return out.Body ? { bytes: await out.Body.transformToByteArray(), contentType: out.ContentType } : null;
  } catch (err) {
    const name = (err as { name?: string }).name;
    // Without ListBucket a missing key answers AccessDenied rather than NoSuchKey.
    if (name === 'NoSuchKey' || name === 'NotFound' || name === 'AccessDenied') return null;
    throw err;
  }
}

export async function deletePrivate(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: assertPrivate(key) }));
}

/** Deletes a message photo's objects, the original and its small rendition (either may be missing). */
export async function deleteMessagePhotoObjects(key: string): Promise<void> {
  if (!MESSAGE_PHOTO_KEY_PATTERN.test(key)) throw new Error(`refusing to delete ${key}: not a message photo`);
  await deletePrivate(key);
  await deletePrivate(smallMessagePhotoKey(key));
}

/** For the sweep of pending uploads (functions/images/pending.ts): removes a message photo's objects; false for any other key. */
export async function removeSweptMessagePhoto(key: string): Promise<boolean> {
  if (!MESSAGE_PHOTO_KEY_PATTERN.test(key)) return false;
  await deleteMessagePhotoObjects(key);
  return true;
}

/** S3's smallest part but the last: the writer sends parts of this size. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Writes one private object from chunks as they come, holding at most one part in memory: a
 * body smaller than one part is one PutObject; a larger one a multipart upload, aborted if
 * anything fails (the bucket's rule also aborts one left incomplete for a day).
 */
export class PrivateObjectWriter {
  private chunks: Uint8Array[] = [];
  private held = 0;
  private uploadId: string | undefined;
  private readonly parts: { ETag: string; PartNumber: number }[] = [];
  /** Bytes written so far. */
  size = 0;

  constructor(private readonly key: string, private readonly contentType: string) {
    assertPrivate(key);
  }

  async write(chunk: Uint8Array): Promise<void> {
    this.chunks.push(chunk);
    this.held += chunk.length;
    this.size += chunk.length;
    if (this.held >= PART_BYTES) await this.sendPart();
  }

  private take(): Buffer {
    const body = Buffer.concat(this.chunks);
    this.chunks = [];
    this.held = 0;
    return body;
  }

  private async sendPart(): Promise<void> {
    const bucket = imagesBucket();
    this.uploadId ??= (await s3().send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: this.key, ContentType: this.contentType }))).UploadId;
    if (!this.uploadId) throw new Error('S3 did not start the multipart upload');
    const PartNumber = this.parts.length + 1;
    const { ETag } = await s3().send(new UploadPartCommand({ Bucket: bucket, Key: this.key, UploadId: this.uploadId, PartNumber, Body: this.take() }));
    if (!ETag) throw new Error(`S3 gave part ${PartNumber} no ETag`);
    this.parts.push({ ETag, PartNumber });
  }

  /** Sends what is held and completes the object. */
  async close(): Promise<void> {
    const bucket = imagesBucket();
    if (!this.uploadId) {
      await s3().send(new PutObjectCommand({ Bucket: bucket, Key: this.key, ContentType: this.contentType, Body: this.take() }));
      return;
    }
    if (this.held) await this.sendPart();
    await s3().send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: this.key, UploadId: this.uploadId, MultipartUpload: { Parts: this.parts } }));
  }

  /** Gives up: a started multipart upload is aborted (its parts are not kept). */
  async abort(): Promise<void> {
    this.chunks = [];
    if (this.uploadId) await s3().send(new AbortMultipartUploadCommand({ Bucket: imagesBucket(), Key: this.key, UploadId: this.uploadId }));
  }
}

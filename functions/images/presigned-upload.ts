/**
 * The presigned PUT both upload routes hand out (photos: photo-upload.ts, avatars:
 * avatar-upload.ts), after recording the pending upload. The URL lives 5 minutes and signs the
 * content type and the content length: S3 refuses an upload sent as another type or with another
 * number of bytes than asked for. (The local s3rver checks neither; the check when a post or the
 * profile claims the upload is what holds there, and it holds in the cloud too.)
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PresignedUpload } from '../../shared/answers/images';
import type { PHOTO_TYPES } from '../../shared/schemas/content';
import { imagesBucket, s3 } from '../lib/images';
import { recordPendingUpload } from './pending';

export const UPLOAD_URL_TTL_SECONDS = 300;
export const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** Records `key` as a pending upload of `userId`, then signs its PUT. */
export async function pendingUploadUrl(userId: string, key: string, contentType: (typeof PHOTO_TYPES)[number], size: number): Promise<PresignedUpload> {
  await recordPendingUpload(userId, key, contentType, size);
  const command = new PutObjectCommand({ Bucket: imagesBucket(), Key: key, ContentType: contentType, ContentLength: size });
  const url = await getSignedUrl(s3(), command, {
    expiresIn: UPLOAD_URL_TTL_SECONDS,
    // Both are left out of the signature by default; signed, the bucket holds the upload to them.
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  return { url, key, headers: { 'content-type': contentType }, expires_in: UPLOAD_URL_TTL_SECONDS };
}

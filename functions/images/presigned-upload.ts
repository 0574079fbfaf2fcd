/**
 * The presigned PUT both upload routes hand out (photos: handlers/photo-upload.ts, avatars:
 * handlers/avatar-upload.ts), after recording the pending upload. The URL lives 5 minutes and signs the
 * content type and the content length: S3 refuses an upload sent as another type or with another
 * number of bytes than asked for. (The local s3rver checks neither; the check when a post or the
 * profile claims the upload is what holds there, and it holds in the cloud too.)
 * A post photo may come with its small rendition (`photoUploadUrl`): one pending record, the
 * original's, and a second PUT, signed the same way, for `smallPhotoKey(key)`.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PhotoUpload, PresignedUpload } from '../../shared/answers/images';
import { smallPhotoKey, type PHOTO_TYPES } from '../../shared/content-rules';
import { imagesBucket, s3 } from '../lib/images';
import { recordPendingUpload, UPLOAD_URL_TTL_SECONDS } from './pending';

export { UPLOAD_URL_TTL_SECONDS };
export const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

type PhotoType = (typeof PHOTO_TYPES)[number];

/** A presigned PUT of `key` (under `images/`), signed for its content type and length. */
function signedPut(key: string, contentType: PhotoType, size: number): Promise<string> {
  return signPut(new PutObjectCommand({ Bucket: imagesBucket(), Key: key, ContentType: contentType, ContentLength: size }));
}

/** Presigns a PUT command for UPLOAD_URL_TTL_SECONDS, its content type and length signed. */
export function signPut(command: PutObjectCommand): Promise<string> {
  return getSignedUrl(s3(), command, {
    expiresIn: UPLOAD_URL_TTL_SECONDS,
    // Both are left out of the signature by default; signed, the bucket holds the upload to them.
    signableHeaders: new Set(['content-type', 'content-length']),
  });
}

/** Records `key` as a pending upload of `userId`, then signs its PUT. */
export async function pendingUploadUrl(userId: string, key: string, contentType: PhotoType, size: number): Promise<PresignedUpload> {
  await recordPendingUpload(userId, key, contentType, size);
  const url = await signedPut(key, contentType, size);
  return { url, key, headers: { 'content-type': contentType }, expires_in: UPLOAD_URL_TTL_SECONDS };
}

/**
 * A post photo's upload: the original's PUT as `pendingUploadUrl` hands it out (its one pending
 * record leads the sweep to both objects), and with `smallSize` a second PUT for the small
 * rendition under `smallPhotoKey(key)`, same type, its own signed length.
 */
export async function photoUploadUrl(userId: string, key: string, contentType: PhotoType, size: number, smallSize?: number): Promise<PhotoUpload> {
  const upload = await pendingUploadUrl(userId, key, contentType, size);
  if (smallSize === undefined) return { ...upload, small: null };
  const small = smallPhotoKey(key);
  return { ...upload, small: { url: await signedPut(small, contentType, smallSize), key: small, headers: { 'content-type': contentType } } };
}

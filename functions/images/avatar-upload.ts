/**
 * POST /api/iam/images/avatar-upload: a presigned PUT (5 minutes, content type fixed) for a new
 * avatar object under the caller's prefix. The browser uploads straight to the bucket; the key is
 * saved by PUT /api/iam/authn/update, which reads the object back to check its size and type.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { avatarUploadInput } from '../../shared/schemas/identity';
import { imagesBucket, s3 } from '../lib/images';
import type { Main } from '../lib/route-types';

export const UPLOAD_URL_TTL_SECONDS = 300;
const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

export const main: Main<typeof avatarUploadInput> = async ({ input, session }) => {
  const key = `images/avatars/${session!.userId}/${randomUUID()}.${EXTENSIONS[input.contentType]}`;
  const url = await getSignedUrl(s3(), new PutObjectCommand({ Bucket: imagesBucket(), Key: key, ContentType: input.contentType }), {
    expiresIn: UPLOAD_URL_TTL_SECONDS,
    // Signed, so the bucket refuses an upload sent as another type (by default it is left out).
    signableHeaders: new Set(['content-type']),
  });
  return { url, key, headers: { 'content-type': input.contentType }, expires_in: UPLOAD_URL_TTL_SECONDS };
};

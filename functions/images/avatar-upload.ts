/**
 * POST /api/iam/images/avatar-upload: a presigned PUT (5 minutes) for a new avatar object under
 * the caller's prefix, `images/avatars/<userId>/<uuid>.<ext>`. The pending-upload record is
 * written first, so every avatar object that can reach the bucket has a record that leads the
 * sweep to it until PUT /api/iam/authn/update saves it (functions/images/avatars.ts), reading the
 * object back to check its size and type.
 *
 * The URL signs the content type and the content length: S3 refuses an upload sent as another
 * type or with another number of bytes than asked for. (The local s3rver checks neither; the
 * check when the avatar is saved is what holds there, and it holds in the cloud too.) Suspended
 * members get no URL, and each member gets a few dozen an hour.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { avatarUploadInput } from '../../shared/schemas/identity';
import { forbidden } from '../lib/errors';
import { imagesBucket, s3 } from '../lib/images';
import { hitRateLimit } from '../lib/rate-limit';
import type { Main } from '../lib/route-types';
import { avatarKeyFor } from './avatars';
import { recordPendingUpload } from './pending';

export const UPLOAD_URL_TTL_SECONDS = 300;
const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

export const main: Main<typeof avatarUploadInput> = async ({ input, session }) => {
  if (session!.suspended) throw forbidden('Your account is suspended: your photo cannot be changed');
  // Storage for a proven address only: an unverified sign-up holds no avatar (and cannot save one).
  if (!session!.emailVerified) throw forbidden('Verify your e-mail address before adding a photo');
  const userId = session!.userId;
  await hitRateLimit('AVATAR_USER', userId);
  const key = avatarKeyFor(userId, randomUUID(), EXTENSIONS[input.contentType]);
  await recordPendingUpload(userId, key, input.contentType, input.size);
  const command = new PutObjectCommand({ Bucket: imagesBucket(), Key: key, ContentType: input.contentType, ContentLength: input.size });
  const url = await getSignedUrl(s3(), command, {
    expiresIn: UPLOAD_URL_TTL_SECONDS,
    // Both are left out of the signature by default; signed, the bucket holds the upload to them.
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  return { url, key, headers: { 'content-type': input.contentType }, expires_in: UPLOAD_URL_TTL_SECONDS };
};

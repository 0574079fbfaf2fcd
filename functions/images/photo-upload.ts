/**
 * POST /api/iam/images/upload-url: a presigned PUT (5 minutes) for a new post or plant photo under
 * the caller's prefix, `images/posts/<userId>/<uuid>.<ext>`. The pending-upload record is written
 * first, so every object that can reach the bucket has a record that leads the sweep to it; the
 * post that uses the photo claims it (functions/images/pending.ts), reading the object back to
 * check its size and type.
 *
 * The URL signs the content type and the content length: S3 refuses an upload sent as another
 * type or with another number of bytes than asked for, so the browser sends exactly the scaled
 * file it measured. (The local s3rver checks neither; the check when a post claims the photo is
 * what holds there, and it holds in the cloud too.)
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { photoUploadInput } from '../../shared/schemas/content';
import { imagesBucket, s3 } from '../lib/images';
import type { Main } from '../lib/route-types';
import { photoKeyFor, recordPendingUpload } from './pending';
import { hitRateLimit } from '../lib/rate-limit';

export const UPLOAD_URL_TTL_SECONDS = 300;
const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

export const main: Main<typeof photoUploadInput> = async ({ input, session }) => {
  const userId = session!.userId;
  await hitRateLimit('UPLOAD_USER', userId);
  const key = photoKeyFor(userId, randomUUID(), EXTENSIONS[input.contentType]);
  await recordPendingUpload(userId, key, input.contentType, input.size);
  const command = new PutObjectCommand({ Bucket: imagesBucket(), Key: key, ContentType: input.contentType, ContentLength: input.size });
  const url = await getSignedUrl(s3(), command, {
    expiresIn: UPLOAD_URL_TTL_SECONDS,
    // Both are left out of the signature by default; signed, the bucket holds the upload to them.
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  return { url, key, headers: { 'content-type': input.contentType }, expires_in: UPLOAD_URL_TTL_SECONDS };
};

/**
 * POST /api/iam/images/upload-url: a presigned PUT (5 minutes) for a new post or plant photo under
 * the caller's prefix, `images/posts/<userId>/<uuid>.<ext>`. The pending-upload record is written
 * first, so every object that can reach the bucket has a record that leads the sweep to it; the
 * post that uses the photo claims it (functions/images/pending.ts), reading the object back to
 * check its size and type.
 * The URL signs the content type and length (presigned-upload.ts), so the browser sends exactly the
 * scaled file it measured. With `smallSize` the answer holds a second PUT, for the photo's small
 * rendition (what cards show), under the same pending record.
 */
import type { photoUpload as route } from '../../../shared/contract/images';
import { randomUUID } from 'node:crypto';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { photoKeyFor } from '../pending';
import { EXTENSIONS, photoUploadUrl } from '../presigned-upload';

export const main: Main<typeof route> = async ({ input, session }) => {
  const userId = session.userId;
  await hitRateLimit('UPLOAD_USER', userId);
  return photoUploadUrl(userId, photoKeyFor(userId, randomUUID(), EXTENSIONS[input.contentType]), input.contentType, input.size, input.smallSize);
};

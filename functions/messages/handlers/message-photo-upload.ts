/**
 * POST /api/iam/messages/photo-upload-url: a presigned PUT (5 minutes) for a photo of a message,
 * under the caller's private prefix (functions/messages/photos.ts); its id is what `photos` of
 * POST messages/new names. Counted with every other upload of the member.
 */
import type { messagePhotoUpload as route } from '../../../shared/contract/messages';
import { randomUUID } from 'node:crypto';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { messagePhotoUploadUrl } from '../photos';

export const main: Main<typeof route> = async ({ input, session }) => {
  await hitRateLimit('UPLOAD_USER', session.userId);
  return messagePhotoUploadUrl(session.userId, randomUUID(), input);
};

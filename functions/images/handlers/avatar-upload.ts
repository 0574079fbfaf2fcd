/**
 * POST /api/iam/images/avatar-upload: a presigned PUT (5 minutes) for a new avatar object under
 * the caller's prefix, `images/avatars/<userId>/<uuid>.<ext>`. The pending-upload record is
 * written first, so every avatar object that can reach the bucket has a record that leads the
 * sweep to it until PUT /api/iam/authn/update saves it (functions/images/avatars.ts), reading the
 * object back to check its size and type.
 * The URL signs the content type and length (presigned-upload.ts). Suspended members and unverified
 * sign-ups get no URL, and each member gets a few dozen an hour.
 */
import type { avatarUpload as route } from '../../../shared/contract/images';
import { randomUUID } from 'node:crypto';
import { forbidden } from '../../lib/errors';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { avatarKeyFor } from '../avatars';
import { EXTENSIONS, pendingUploadUrl } from '../presigned-upload';

export const main: Main<typeof route> = async ({ input, session }) => {
  if (session.suspended) throw forbidden('Your account is suspended: your photo cannot be changed');
  // Storage for a proven address only: an unverified sign-up holds no avatar (and cannot save one).
  if (!session.emailVerified) throw forbidden('Verify your e-mail address before adding a photo');
  const userId = session.userId;
  await hitRateLimit('AVATAR_USER', userId);
  return pendingUploadUrl(userId, avatarKeyFor(userId, randomUUID(), EXTENSIONS[input.contentType]), input.contentType, input.size);
};

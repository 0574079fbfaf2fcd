/**
 * POST /api/iam/pages/image-upload: a presigned PUT for a page's avatar or cover, under the page's
 * prefix `images/pages/<pageId>/<uuid>.<ext>`, recorded as the caller's pending upload first (the
 * sweep removes it unless pages/new or pages/update claims it). For an existing page only its
 * admins get one; for a page about to be created, the id is the client's new id (the claim then
 * requires the upload to be the creator's own).
 */
import type { pageImageUpload as route } from '../../../shared/contract/pages';
import { randomUUID } from 'node:crypto';
import { forbidden } from '../../lib/errors';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { EXTENSIONS, pendingUploadUrl } from '../../images/presigned-upload';
import { assertMayWrite, atLeast, pageActorNow, roleOf } from '../pages';
import { pageImagesPrefix } from '../page-images';

export const main: Main<typeof route> = async ({ input, session }) => {
  assertMayWrite(session);
  if (!session.emailVerified) throw forbidden('Verify your e-mail address before adding a photo');
  // No page yet: the images of a page being created are uploaded before it exists.
  const { page, membership, siteAdmin } = await pageActorNow(session, input.pageId);
  if (page && !siteAdmin && (page.deletedAt || !atLeast(roleOf(membership), 'admin'))) throw forbidden('Only the page\'s admins may change its images');
  await hitRateLimit('AVATAR_USER', session.userId);
  const key = `${pageImagesPrefix(input.pageId)}${randomUUID()}.${EXTENSIONS[input.contentType]}`;
  return pendingUploadUrl(session.userId, key, input.contentType, input.size);
};

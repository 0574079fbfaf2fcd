/**
 * POST /api/iam/events/image-upload: a presigned PUT for an event's cover under the event's prefix
 * `images/events/<eventId>/<uuid>.<ext>`, recorded as the caller's pending upload first (the sweep
 * removes it unless events/new or events/update claims it). For an existing event only those who
 * may change it get one; for an event about to be created, the id is the client's new id (the
 * claim then requires the upload to be the creator's own, and events/new checks the page).
 */
import type { eventImageUpload as route } from '../../../shared/contract/events';
import { randomUUID } from 'node:crypto';
import { forbidden } from '../../lib/errors';
import { accountGone, accountSuspended } from '../../users/author-live';
import { hasPermission, loadPermissionSettings } from '../../users/permission-rules';
import { getUser } from '../../users/users';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { EXTENSIONS, pendingUploadUrl } from '../../images/presigned-upload';
import { assertMayEdit, getEvent } from '../events';
import { eventImagesPrefix } from '../event-images';

export const main: Main<typeof route> = async ({ input, session }) => {
  if (session.suspended) throw forbidden('Your account is suspended');
  if (!session.registered) throw forbidden('Complete your registration first');
  if (!session.emailVerified) throw forbidden('Verify your e-mail address before adding a photo');
  const event = await getEvent(input.eventId, true);
  if (event?.deletedAt) throw forbidden('The event was deleted');
  if (event) await assertMayEdit(session, event);
  else {
    // An event about to be made: the account must still exist (an access token outlives it) and may create events.
    const user = await getUser(session.userId);
    if (!user || user.deletedAt) throw accountGone();
    if (user.suspended) throw accountSuspended();
    if (!hasPermission(user, 'create-event', await loadPermissionSettings())) throw forbidden('You may not create events');
  }
  await hitRateLimit('AVATAR_USER', session.userId);
  const key = `${eventImagesPrefix(input.eventId)}${randomUUID()}.${EXTENSIONS[input.contentType]}`;
  return pendingUploadUrl(session.userId, key, input.contentType, input.size);
};

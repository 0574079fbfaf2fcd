/** PUT /api/iam/events/upsert-attend-specific: the caller's status on one date (GOING beyond the capacity waits). */
import type { attendSpecific as route } from '../../../shared/contract/events';
import { notFound } from '../../lib/errors';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { setAttendance } from '../attend';
import { fullView, parseSpecificId, visibleEvent } from '../events';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const { eventId, dateKey } = parseSpecificId(input.specificId);
  const event = await visibleEvent(eventId, viewer, 'specificId');
  // An event an admin hid takes no answers, not even its creator's or an admin's.
  if (event.hiddenAt) throw notFound('There is no such event', 'specificId');
  // Each change notifies the creator: plenty for a person, a wall for a loop.
  await hitRateLimit('EVENT_ATTEND_USER', session.userId);
  await setAttendance(session, event, dateKey, input.status);
  const view = await fullView(event, viewer, { consistent: true });
  const specific = view.specifics.find((s) => s.id === input.specificId);
  if (!specific) throw new Error('the date attended is missing from its event');
  return { specific, event: view };
};

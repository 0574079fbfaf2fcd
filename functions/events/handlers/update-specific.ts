/** PUT /api/iam/events/update-specific: one date's times, place or cancellation; its attendees are told. */
import type { updateSpecific as route } from '../../../shared/contract/events';
import { notFound } from '../../lib/errors';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { assertMayEdit, countsOfDate, dateViewOf, fullView, getDate, liveEvent, parseSpecificId } from '../events';
import { zoneAt } from '../locations';
import { changeDate } from '../changes';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { eventId, dateKey } = parseSpecificId(input.specificId);
  const event = await liveEvent(eventId, 'specificId', true);
  const guard = await assertMayEdit(session, event);
  await hitRateLimit('EVENT_EDIT_USER', session.userId);
  const before = await getDate(eventId, dateKey, true);
  if (!before || before.deletedAt) throw notFound('There is no such date', 'specificId');
  const after = await changeDate(event, before, input, session.userId, { zoneAt, guard });
  const view = await fullView(event, await viewerOf(session), { consistent: true });
  return { specific: view.specifics.find((s) => s.id === input.specificId) ?? dateViewOf(after, event.capacity, undefined, await countsOfDate(after), undefined), event: view };
};

/** POST /api/iam/events/new-specifics: more dates for an event (its creator, or its page's staff). */
import type { newSpecifics as route } from '../../../shared/contract/events';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { assertMayEdit, fullView, liveEvent } from '../events';
import { addDates } from '../event-writes';

export const main: Main<typeof route> = async ({ input, session }) => {
  const event = await liveEvent(input.eventId, 'eventId', true);
  const guard = await assertMayEdit(session, event);
  await hitRateLimit('EVENT_EDIT_USER', session.userId);
  await addDates(event, input.specifics, guard);
  return { event: await fullView(event, await viewerOf(session), { consistent: true }) };
};

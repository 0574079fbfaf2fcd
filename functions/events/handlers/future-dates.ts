/** PUT /api/iam/events/future-dates/update: rewrites a series from a pivot on (dates edited by hand are kept). */
import type { futureDates as route } from '../../../shared/contract/events';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { assertMayEdit, fullView, liveEvent } from '../events';
import { rewriteFuture } from '../series-rewrite';

export const main: Main<typeof route> = async ({ input, session }) => {
  const event = await liveEvent(input.eventId, 'eventId', true);
  const guard = await assertMayEdit(session, event);
  await hitRateLimit('EVENT_EDIT_USER', session.userId);
  const after = await rewriteFuture(event, input, session.userId, guard);
  return { event: await fullView(after, await viewerOf(session), { consistent: true }) };
};

/** GET /api/events/{id}/ics: the event's dates as an iCalendar file (calendar apps call it without client-platform). */
import type { eventIcs as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { eventCalendar } from '../calendar';
import { datesOf, visibleEvent } from '../events';

export const main: Main<typeof route> = async ({ input, session }) => {
  const event = await visibleEvent(input.id, await viewerOf(session));
  return eventCalendar(event, await datesOf(event.id));
};

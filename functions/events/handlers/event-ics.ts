/** GET /api/events/{id}/ics: the event's dates as an iCalendar file named for its title (calendar apps call it without client-platform). */
import type { eventIcs as route } from '../../../shared/contract/events';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { calendarFileName, eventCalendar } from '../calendar';
import { datesOf, visibleEvent } from '../events';

export const main: Main<typeof route> = async ({ input, session }) => {
  const event = await visibleEvent(input.id, await viewerOf(session));
  const file = await eventCalendar(event, await datesOf(event.id));
  return reply(file, { headers: { 'content-disposition': `attachment; filename="${calendarFileName(event.title)}"` } });
};

/** GET /api/iam/events/details/{a}/{b}: one date's attendees (members only): GOING, the waitlist, then MAYBE. */
import type { dateAttendees as route } from '../../../shared/contract/events';
import type { EventAttendanceItem } from '../../db/entities/event';
import { db } from '../../db/service';
import { forbidden, notFound } from '../../lib/errors';
import { onePage } from '../../lib/paging';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { responderOf, usersAnd } from '../../users/cards';
import { dateViewOf, datesOf, mineAndCounts, specificIdOf, visibleEvent } from '../events';

const RANK = (a: EventAttendanceItem) => (a.status === 'GOING' ? (a.waiting ? 1 : 0) : a.status === 'MAYBE' ? 2 : 3);

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  // Who goes where is for members: not for a sign-up that is not finished, nor a suspended member.
  if (!viewer.member && !viewer.admin) throw forbidden(viewer.suspended ? 'Your account is suspended' : 'Complete your registration to see who is going');
  const event = await visibleEvent(input.a, viewer, 'a');
  const dates = await datesOf(event.id);
  const now = new Date().toISOString();
  const date = input.b === 'next' ? dates.filter((d) => d.endsAt >= now && !d.cancelled).sort((x, y) => x.startsAt.localeCompare(y.startsAt))[0] : dates.find((d) => d.dateKey === input.b);
  if (!date) throw notFound('There is no such date', 'b');
  const page = await onePage(input.cursorId, { field: 'pk', value: `event#${event.id}`, sort: { field: 'sk', test: (sk) => sk.startsWith(`attend#${date.dateKey}#`) } }, async (cursor) => {
    const { data, cursor: next } = await db().entities.eventAttendance.query.byDate({ eventId: event.id }).begins({ dateKey: date.dateKey }).go({ cursor, limit: 100 });
    return { data: (data as EventAttendanceItem[]).filter((a) => a.dateKey === date.dateKey && a.status !== 'NOT_GOING'), cursor: next };
  });
  const attending = page.items.sort((x, y) => RANK(x) - RANK(y) || x.since.localeCompare(y.since));
  const [{ users }, { mine, counts, positions }] = await Promise.all([usersAnd(attending.map((a) => a.userId)), mineAndCounts([date], viewer.userId)]);
  return {
    specific: dateViewOf(date, event.capacity, mine.get(specificIdOf(event.id, date.dateKey)), counts.get(specificIdOf(event.id, date.dateKey))!, positions.get(specificIdOf(event.id, date.dateKey))),
    attendees: attending.map((a) => ({ user: responderOf(users.get(a.userId), a.userId), status: a.status, waiting: a.waiting, since: a.since })),
    cursorId: page.cursorId,
  };
};

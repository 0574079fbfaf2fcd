/** A date of an event as lists show it: the calendar leaf, title, time at the place, place, who holds it, and the counts. */
import { Link } from 'react-router';
import type { EventDateCard } from '@shared/answers/events';
import type { AttendanceStatus } from '@shared/constants';
import { eventHref } from '@/config/paths';
import { distanceText } from '@/lib/places';
import { useUnits } from '@/lib/user-settings';
import { dateRange, dayLeaf } from '@/lib/format-date';

/** The viewer's own answer, as a card says it ("On the waitlist (position 2)"). */
export function statusText(status: AttendanceStatus | null, waiting: boolean, position: number | null = null): string | null {
  if (waiting) return position ? `On the waitlist (position ${position})` : 'On the waitlist';
  return status === 'GOING' ? 'You are going' : status === 'MAYBE' ? 'You may go' : status === 'NOT_GOING' ? 'You are not going' : null;
}

export function DateCard({ card, distanceKm }: { card: EventDateCard; distanceKm?: number }) {
  const { event, date } = card;
  const units = useUnits();
  const leaf = dayLeaf(date.startsAt, event.timeZone);
  const place = date.place ?? event.place;
  const mine = statusText(date.myStatus, date.myWaiting, date.myWaitlistPosition);
  return (
    <article aria-label={`${event.title}, ${dateRange(date.startsAt, date.endsAt, event.timeZone)}${date.cancelled ? ', cancelled' : ''}`} className="flex items-start gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm">
      <div aria-hidden="true" className={`flex w-14 shrink-0 flex-col items-center rounded-lg border py-1 ${date.cancelled ? 'border-gray-200 text-gray-500' : 'border-primary-200 bg-primary-50 text-primary-900'}`}>
        <span className="text-xs uppercase">{leaf.weekday}</span>
        <span className="text-xl font-bold leading-tight">{leaf.day}</span>
        <span className="text-xs uppercase">{leaf.month}</span>
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-gray-900">
          <Link to={eventHref(event.randomId)} className={`hover:underline ${date.cancelled ? 'line-through' : ''}`}>
            {event.title}
          </Link>
          {date.cancelled ? <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800">Cancelled</span> : null}
        </h3>
        <p className={`text-sm text-gray-700 ${date.cancelled ? 'line-through' : ''}`}>{dateRange(date.startsAt, date.endsAt, event.timeZone)}</p>
        <p className="truncate text-sm text-gray-600">
          {[place.label, distanceKm !== undefined ? distanceText(distanceKm, units) : null, event.owner.name || event.owner.handle ? `by ${event.owner.name ?? `@${event.owner.handle}`}` : null].filter(Boolean).join(' · ')}
        </p>
        <p className="text-sm text-gray-600">
          {[`${date.counts.going} going`, date.counts.maybe ? `${date.counts.maybe} maybe` : null, date.full ? 'full' : null, event.recurring ? 'repeats' : null, event.privacy === 'members' ? 'members only' : null]
            .filter(Boolean)
            .join(' · ')}
          {mine ? <span className="ml-2 rounded bg-primary-50 px-1.5 py-0.5 text-xs font-semibold text-primary-900">{mine}</span> : null}
        </p>
      </div>
    </article>
  );
}

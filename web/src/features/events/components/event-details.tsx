/**
 * Everything about one event: who holds it, where (on the map), its dates with the next one
 * first and a way to say whether you are going to each, who is going (members only), cancelled
 * dates struck through, "Add to calendar" (the ICS file) and a link to share; its cover photo on top.
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { EventDateView, EventView } from '@shared/answers/events';
import { CopyButton } from '@/components/copy-button';
import { buttonClass } from '@/components/form/feedback';
import { eventEditHref, eventHref, handleHref, tagHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { useReportAction } from '@/components/report/report-action';
import { Avatar } from '@/components/avatar';
import { useTileAttribution, useTileUrl } from '@/components/places/tile-url';
import { imageUrl } from '@/lib/images';
import { useAttendees } from '../api/events';
import { dateRange, zoneNote } from '@/lib/format-date';
import { AttendButtons } from './attend-buttons';
import { plural } from '@shared/format';

const NearbyMap = lazy(() => import('@/components/places/nearby-map'));

/** Dates shown before "All n dates". */
const SHOWN_DATES = 4;

function Attendees({ event, date }: { event: EventView; date: EventDateView }) {
  const [open, setOpen] = useState(false);
  const list = useAttendees(event.randomId, date.id.split('.')[1]!, open);
  if (!date.counts.going && !date.counts.maybe && !date.counts.waiting) return null;
  return (
    <div>
      <button type="button" aria-expanded={open} className="text-sm font-semibold text-primary-800 underline" onClick={() => setOpen(!open)}>
        {open ? 'Hide who is going' : 'Who is going'}
      </button>
      {open ? (
        list.isPending ? (
          <p role="status" className="mt-2 text-sm text-gray-600">
            Loading…
          </p>
        ) : list.isError ? (
          <p className="mt-2 text-sm text-red-700">The list could not be loaded.</p>
        ) : (
          <>
          <ul className="mt-2 flex flex-wrap gap-2">
            {list.data.pages.flatMap((p) => p.attendees).map((a) => (
              <li key={a.user.uuid} className="flex items-center gap-1.5 rounded-full bg-gray-50 py-1 pl-1 pr-3 text-sm">
                <Avatar src={a.user.avatar} name={a.user.username} size="sm" />
                <Link to={handleHref(a.user.username)} className="hover:underline">
                  @{a.user.username}
                </Link>
                <span className="text-gray-600">{a.waiting ? 'waiting' : a.status === 'GOING' ? 'going' : 'maybe'}</span>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <button type="button" className="mt-2 min-h-11 text-sm font-semibold text-primary-800 underline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          ) : null}
          </>
        )
      ) : null}
    </div>
  );
}

function DateRow({ event, date }: { event: EventView; date: EventDateView }) {
  const auth = useAuth();
  // The zone is said once, under the list's heading.
  const when = dateRange(date.startsAt, date.endsAt, event.timeZone, { zone: false });
  return (
    <li className="space-y-2 rounded-xl border border-gray-200 bg-white p-3 shadow-sm">
      <p className="font-medium text-gray-900">
        {date.cancelled ? (
          <>
            <s>{when}</s> <span className="ml-1 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800">Cancelled</span>
          </>
        ) : (
          when
        )}
      </p>
      {date.place ? <p className="text-sm text-gray-700">At {date.place.label}</p> : null}
      <AttendButtons date={date} title={`${event.title}, ${when}`} />
      {auth.loggedIn ? <Attendees event={event} date={date} /> : null}
    </li>
  );
}

export function EventDetails({ event }: { event: EventView }) {
  const auth = useAuth();
  const report = useReportAction({ type: 'event', id: event.id });
  const tileUrl = useTileUrl();
  const tileAttribution = useTileAttribution();
  const [showPast, setShowPast] = useState(false);
  const [allDates, setAllDates] = useState(false);
  const now = Date.now();
  const upcoming = event.specifics.filter((d) => Date.parse(d.endsAt) >= now);
  const past = event.specifics.filter((d) => Date.parse(d.endsAt) < now).reverse();
  const place = event.place;
  const owner = event.owner;
  return (
    <article className="space-y-5">
      <header className="space-y-2">
        {event.cover ? <img src={imageUrl(event.cover)} alt="" className="aspect-[3/1] w-full rounded-xl bg-gray-100 object-cover" decoding="async" /> : null}
        <h1 className="text-2xl font-bold text-gray-900">{event.title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
          {owner.handle ? (
            <Link to={handleHref(owner.handle)} className="inline-flex items-center gap-1.5 font-semibold hover:underline">
              <Avatar src={owner.avatar} name={owner.name ?? owner.handle} size="sm" />
              {owner.name ?? `@${owner.handle}`}
            </Link>
          ) : (
            <span>A former member</span>
          )}
          {/* No leading dot: on a phone the line may wrap before it. */}
          {event.recurrence || event.capacity ? <span>{[event.recurrence?.description, event.capacity ? plural(event.capacity, 'place', 'places') : null].filter(Boolean).join(' · ')}</span> : null}
          {event.privacy === 'members' ? <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Members only</span> : null}
        </p>
        <div className="flex flex-wrap gap-2">
          <a className={buttonClass('secondary')} href={`/api/events/${event.randomId}/ics`} download>
            Add to calendar
          </a>
          <CopyButton text={event.url} label="Copy link to share" />
          {event.canEdit ? (
            <Link className={buttonClass('secondary')} to={eventEditHref(event.randomId)}>
              Edit event
            </Link>
          ) : auth.loggedIn ? (
            <button type="button" className={buttonClass('secondary')} onClick={report.action.onSelect}>
              Report<span className="sr-only"> this event</span>
            </button>
          ) : null}
          {report.dialog}
        </div>
      </header>
      {event.description ? <p className="whitespace-pre-line text-gray-800">{event.description}</p> : null}
      {event.tags.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {event.tags.map((t) => (
            <li key={t}>
              <Link to={tagHref(t)} className="rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800 hover:bg-primary-100">
                #{t}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="event-dates" className="space-y-3">
        <h2 id="event-dates" className="text-lg font-semibold text-gray-900">
          {upcoming.length ? 'Dates' : 'No upcoming dates'}
        </h2>
        {zoneNote(event.timeZone) && (upcoming.length || past.length) ? <p className="text-sm text-gray-600">{zoneNote(event.timeZone)}, where it is held.</p> : null}
        {upcoming.length ? (
          <>
            <ol className="space-y-3">
              {(allDates ? upcoming : upcoming.slice(0, SHOWN_DATES)).map((d) => (
                <DateRow key={d.id} event={event} date={d} />
              ))}
            </ol>
            {upcoming.length > SHOWN_DATES ? (
              <button type="button" aria-expanded={allDates} className="text-sm font-semibold text-primary-800 underline" onClick={() => setAllDates(!allDates)}>
                {allDates ? 'Show fewer dates' : `All ${upcoming.length} dates`}
              </button>
            ) : null}
          </>
        ) : (
          <p className="text-gray-700">This event has no dates ahead.</p>
        )}
        {past.length ? (
          <div>
            <button type="button" aria-expanded={showPast} className="text-sm font-semibold text-primary-800 underline" onClick={() => setShowPast(!showPast)}>
              {showPast ? 'Hide earlier dates' : `Earlier dates (${past.length})`}
            </button>
            {showPast ? (
              <ol className="mt-2 space-y-2">
                {past.map((d) => (
                  <li key={d.id} className="text-sm text-gray-700">
                    {d.cancelled ? <s>{dateRange(d.startsAt, d.endsAt, event.timeZone, { zone: false })}</s> : dateRange(d.startsAt, d.endsAt, event.timeZone, { zone: false })}
                  </li>
                ))}
              </ol>
            ) : null}
          </div>
        ) : null}
      </section>
      <section aria-labelledby="event-place" className="space-y-2">
        <h2 id="event-place" className="text-lg font-semibold text-gray-900">
          Where
        </h2>
        <p className="text-gray-800">{[place.name, place.address, place.suburbCity, place.state].filter(Boolean).join(', ')}</p>
        <Suspense fallback={<div role="status" className="mx-auto aspect-square max-w-md animate-pulse rounded-xl bg-gray-100" aria-label="Loading the map" />}>
          <NearbyMap
            centre={place}
            radiusKm={1}
            tileUrl={tileUrl}
            tileAttribution={tileAttribution}
            points={[{ id: event.id, latitude: place.latitude, longitude: place.longitude, label: place.name, href: eventHref(event.randomId) }]}
            label={`Map of ${place.name}`}
            centreLabel={null}
            caption={`${place.name} on the map.`}
          />
        </Suspense>
      </section>
    </article>
  );
}

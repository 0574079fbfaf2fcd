/**
 * /events: what is on near you (where from, the distance; a list of events nearest first, each
 * with its next date, or a month of all their dates; and the map), and for members the dates of
 * the pages they belong to: in their own section, and in the month view with the dates near you
 * (on the map too when they are within the distance).
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { eventHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { viewerOf } from '@/lib/ids';
import { useDatesNear, useEventsNear, useMyPagesDates } from '@/features/events/api/events';
import { DateCard } from '@/features/events/components/date-card';
import { MonthView } from '@/features/events/components/month-view';
import { MyPagesDates } from '@/features/events/components/my-pages-dates';
import { monthDates, soonest } from '@/features/events/lib/month-dates';
import { NearbyView, useNearbySearch } from '@/features/places/components/nearby-view';

export default function EventsScreen() {
  const auth = useAuth();
  const search = useNearbySearch();
  const [view, setView] = useState<'list' | 'month'>('list');
  const events = useEventsNear(viewerOf(auth), search.origin, search.radiusKm, view === 'list');
  const dates = useDatesNear(viewerOf(auth), search.origin, search.radiusKm, view === 'month');
  const pageDates = useMyPagesDates(viewerOf(auth), auth.loggedIn === true);
  const month = useMemo(() => monthDates(dates.data?.dates, pageDates.data?.dates ?? [], search.origin, search.radiusKm), [dates.data, pageDates.data, search.origin, search.radiusKm]);
  const shown = view === 'list' ? events : dates;
  const items = view === 'list' ? events.data?.events : month.near;
  const tab = (v: 'list' | 'month', label: string) => (
    <button
      type="button"
      aria-pressed={view === v}
      onClick={() => setView(v)}
      className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${view === v ? 'border-primary-700 bg-primary-700 text-white' : 'border-gray-300 bg-white text-gray-800'}`}
    >
      {label}
    </button>
  );
  return (
    <PageShell title="Events" description="Plant swaps, workshops and garden visits near you.">
      <div className="space-y-8">
        <section aria-labelledby="events-near" className="space-y-3">
          <h2 id="events-near" className="text-lg font-semibold text-gray-900">
            Near you
          </h2>
          <NearbyView
            search={search}
            noun="events"
            mapCaption="Events are placed where they are held."
            order={view === 'list' ? 'nearest first, each with its next date' : 'every date, soonest first'}
            result={{ ...shown, items, radiusKm: shown.data?.radius_km }}
            above={
              <div role="group" aria-label="Show as" className="mb-3 flex gap-2">
                {tab('list', 'List')}
                {tab('month', 'Month')}
              </div>
            }
            pointOf={(d) => ({ id: d.date.id, latitude: (d.date.place ?? d.event.place).latitude, longitude: (d.date.place ?? d.event.place).longitude, label: d.event.title, href: eventHref(d.event.randomId) })}
            empty={
              <p className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-gray-700">
                No events within {search.radiusLabel} yet. Try a wider distance
                {auth.loggedIn ? (
                  <>
                    , or{' '}
                    <Link to={auth.user?.username ? `/${auth.user.username}/events/new` : paths.register} className="font-semibold text-primary-800 underline underline-offset-2">
                      hold one
                    </Link>
                  </>
                ) : null}
                .
              </p>
            }
            renderItem={(d) => <DateCard card={d} distanceKm={d.distance_km} />}
            renderAll={
              view === 'month'
                ? (all) => (
                    <>
                      {month.farther.length ? (
                        <p className="mb-2 text-sm text-gray-600">
                          With {month.farther.length === 1 ? '1 date' : `${month.farther.length} dates`} of your pages farther away.
                        </p>
                      ) : null}
                      <MonthView dates={[...all, ...month.farther].sort(soonest)} />
                    </>
                  )
                : undefined
            }
          />
        </section>
        {auth.loggedIn ? <MyPagesDates result={pageDates} /> : null}
      </div>
    </PageShell>
  );
}

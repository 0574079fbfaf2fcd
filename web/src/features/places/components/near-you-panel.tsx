/**
 * The "Near you" panel of the 3-col layout: the three nearest available plants, pages and events, with
 * rounded distances, for guests and members, from one request. Where the point came from is
 * said plainly (the member's place, the connection's, or the site's default).
 */
import { Link } from 'react-router';
import { eventHref, paths, plantHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { pageHref } from '@/lib/known-pages';
import { Avatar } from '@/components/avatar';
import { cardImageUrl } from '@/lib/images';
import { dayLeaf, formatEventClock, formatEventTime } from '@/lib/format-date';
import { useSearchOrigin } from '../api/places';
import { distanceText, originOf, radiusText } from '@/lib/places';
import { useUnits } from '@/lib/user-settings';
import { plantName } from '@shared/format';

const SOURCE: Record<string, string> = {
  profile: 'your place',
  ip: 'your connection (approximate)',
  site: "the site's default place",
  query: 'the place you chose',
  place: 'the place you chose',
  device: 'your device',
};

const item = 'flex items-center gap-3 rounded-md p-1 -m-1 hover:bg-gray-50';

/** The day of a date at the event's place ("5 Dec"), for the card's leaf. */
const leaf = (iso: string, timeZone: string) => {
  const { day, month } = dayLeaf(iso, timeZone);
  return `${day} ${month}`;
};

export function NearYouPanel() {
  const auth = useAuth();
  // The same origin as the nearby screens' main column: the place chosen there, else the panel's own.
  const { near, chosen } = useSearchOrigin();
  const units = useUnits();
  if (near.isPending) {
    return (
      <div className="mt-3 space-y-2" aria-busy="true">
        <p className="sr-only">Loading what is near you…</p>
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden="true" className="h-10 animate-pulse rounded-md bg-gray-100" />
        ))}
      </div>
    );
  }
  if (near.isError || !near.data.origin) return <p className="mt-2 text-sm text-gray-600">What is near you could not be loaded just now.</p>;
  const { plants, pages, events, origin } = near.data;
  const place = chosen ?? originOf(origin);
  return (
    <div className="mt-2 space-y-4 text-sm">
      <p className="text-gray-600">
        Around {place.label}, from {SOURCE[place.source] ?? 'your area'}.
      </p>
      <div>
        <h3 className="font-semibold text-gray-900">Plants</h3>
        {plants.length ? (
          <ul className="mt-2 space-y-2">
            {plants.map((p) => {
              const photo = p.photos[0];
              return (
                <li key={p.id}>
                  <Link to={plantHref(p.id)} state={{ distanceKm: p.distance_km }} className={item}>
                    {photo ? (
                      <img src={cardImageUrl(photo)} alt="" className="size-10 shrink-0 rounded-md bg-gray-100 object-cover" loading="lazy" decoding="async" width={40} height={40} />
                    ) : (
                      <span aria-hidden="true" className="size-10 shrink-0 rounded-md bg-primary-50" />
                    )}
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-gray-900">{p.plant ? plantName(p.plant.commonName) : 'A plant'}</span>
                      <span className="block truncate text-gray-600">{[distanceText(p.distance_km, units), p.area].filter(Boolean).join(' · ')}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-1 text-gray-600">No plants up for grabs within {radiusText(near.data.radius_km, units)} yet.</p>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-gray-900">Pages</h3>
        {pages.length ? (
          <ul className="mt-2 space-y-2">
            {pages.map((p) => (
              <li key={p.id}>
                <Link to={pageHref(p.handle)} className={item}>
                  <Avatar src={p.avatar} name={p.name} />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-gray-900">{p.name}</span>
                    <span className="block text-gray-600">{distanceText(p.distance_km, units)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-gray-600">No pages within {radiusText(near.data.radius_km, units)} yet.</p>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-gray-900">Events</h3>
        {events.length ? (
          <ul className="mt-2 space-y-2">
            {events.map((e) => (
              <li key={e.date.id}>
                <Link to={eventHref(e.event.randomId)} className={item}>
                  <span aria-hidden="true" className="flex size-10 shrink-0 flex-col items-center justify-center rounded-md bg-primary-50 text-xs font-semibold leading-tight text-primary-900">
                    {leaf(e.date.startsAt, e.event.timeZone)}
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-gray-900">{e.event.title}</span>
                    {/* The leaf gives the day: the line beside it gives the weekday and time ("Sat 10:00"), read out in full. */}
                    <span aria-hidden="true" className="block text-gray-600">{[formatEventClock(e.date.startsAt, e.event.timeZone), distanceText(e.distance_km, units)].join(' · ')}</span>
                    <span className="sr-only">{[formatEventTime(e.date.startsAt, e.event.timeZone), distanceText(e.distance_km, units)].join(' · ')}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-gray-600">No events within {radiusText(near.data.radius_km, units)} yet.</p>
        )}
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1">
        <Link to={auth.loggedIn ? paths.nearbyPlants : paths.recentPlants} className="font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900">
          More plants
        </Link>
        <Link to={paths.nearbyPages} className="font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900">
          More pages
        </Link>
        <Link to="/events" className="font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900">
          More events
        </Link>
      </p>
    </div>
  );
}

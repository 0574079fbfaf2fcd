/** The month view of /events: the dates near the centre together with the member's pages' dates. */
import type { EventDateCard, NearbyEvent } from '@shared/answers/events';
import { distanceKm } from '@shared/geohash';
import type { Point } from '../api/events';

export const soonest = (a: EventDateCard, b: EventDateCard) => a.date.startsAt.localeCompare(b.date.startsAt);

/**
 * The month view's dates: those near the centre with the dates of the member's pages within the
 * distance (each once, with its distance), and the pages' dates farther away, for the calendar only.
 */
export function monthDates(near: NearbyEvent[] | undefined, pages: EventDateCard[], origin: Point | null, radiusKm: number): { near: NearbyEvent[] | undefined; farther: EventDateCard[] } {
  if (!near || !origin) return { near, farther: [] };
  const seen = new Set(near.map((d) => d.date.id));
  const within: NearbyEvent[] = [];
  const farther: EventDateCard[] = [];
  for (const d of pages) {
    if (seen.has(d.date.id)) continue;
    const km = distanceKm(origin, d.date.place ?? d.event.place);
    if (km <= radiusKm) within.push({ ...d, distance_km: Math.round(km) });
    else farther.push(d);
  }
  return { near: [...near, ...within].sort(soonest), farther };
}

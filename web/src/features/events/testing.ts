/** Events as the API answers them, for the web tests. */
import type { EventDateCard, EventDateView, EventView } from '@shared/answers/events';

export function makeDate(over: Partial<EventDateView> = {}): EventDateView {
  const startsAt = over.startsAt ?? new Date(Date.now() + 3 * 86_400_000).toISOString();
  return {
    id: `11111111-2222-4333-8444-555555555555.${String(Date.parse(startsAt)).padStart(13, '0')}`,
    eventId: '11111111-2222-4333-8444-555555555555',
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 7_200_000).toISOString(),
    cancelled: false,
    edited: false,
    place: null,
    counts: { going: 2, maybe: 1, notGoing: 0, waiting: 0 },
    full: false,
    myStatus: null,
    myWaiting: false,
    myWaitlistPosition: null,
    ...over,
  };
}

export function makeEvent(over: Partial<EventView> = {}): EventView {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    randomId: 'Ab3dE5gH7k',
    url: 'http://localhost/event/Ab3dE5gH7k',
    title: 'Cutting swap',
    description: 'Bring cuttings in labelled bags.',
    privacy: 'public',
    owner: { type: 'page', id: '22222222-0000-4000-8000-000000000002', handle: 'swap_club', name: 'Swap Club', avatar: null },
    createdBy: '7a2d3c4b-5e6f-4a1b-8c9d-0e1f2a3b4c5d',
    place: { locationId: '33333333-0000-4000-8000-000000000003', name: 'Community hall', address: '1 Main St', suburbCity: 'Newtown', state: 'New South Wales', country: 'Australia', label: 'Community hall, 1 Main St, Newtown', latitude: -33.8978, longitude: 151.1785 },
    timeZone: 'Australia/Sydney',
    tags: [],
    cover: null,
    capacity: null,
    recurrence: null,
    specifics: [makeDate()],
    canEdit: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

/** A date as list cards carry it: its event's summary and the date. */
export function makeCard(over: { event?: Partial<EventView>; date?: Partial<EventDateView> } = {}): EventDateCard {
  const e = makeEvent(over.event);
  const base = makeDate(over.date);
  const date = { ...base, eventId: e.id, id: `${e.id}.${base.id.split('.')[1]}` };
  return {
    event: { id: e.id, randomId: e.randomId, title: e.title, privacy: e.privacy, owner: e.owner, place: e.place, timeZone: e.timeZone, cover: e.cover, recurring: e.recurrence !== null },
    date,
  };
}

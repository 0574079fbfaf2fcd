import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCard } from '@/features/events/testing';
import { readerZone } from '@/lib/format-date';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const ORIGIN = { latitude: -33.8978, longitude: 151.1785, suburb_city: 'Newtown', state: 'New South Wales', country: 'Australia', source: 'profile' };
const nearYou = () => success({ origin: ORIGIN, radius_km: 20, plants: [], pages: [], events: [] });
const DAY = 86_400_000;
const soon = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const card = (id: string, title: string, days: number, page: { id: string; handle: string; name: string }, place = { latitude: ORIGIN.latitude, longitude: ORIGIN.longitude }) =>
  makeCard({ event: { id, title, owner: { type: 'page', id: page.id, handle: page.handle, name: page.name, avatar: null }, place: { ...makeCard().event.place, ...place } }, date: { startsAt: soon(days) } });
const CLUB = { id: '22222222-0000-4000-8000-00000000000a', handle: 'swap_club', name: 'Swap Club' };
const NURSERY = { id: '22222222-0000-4000-8000-00000000000b', handle: 'nursery', name: 'The Nursery' };
const MELBOURNE = { latitude: -37.81, longitude: 144.96 };

describe('/events', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the dates of the member\'s pages by page (one request), and puts them in the month view: near ones on the map too, farther ones in the calendar only', async () => {
    const swap = card('11111111-0000-4000-8000-000000000001', 'Cutting swap', 2, CLUB);
    const far = card('11111111-0000-4000-8000-000000000002', 'Seed day', 3, NURSERY, MELBOURNE);
    const api = serve({
      'GET /api/nearby/near-you': () => nearYou(),
      'GET /api/events/nearby': () => success({ events: [], radius_km: 20 }),
      'GET /api/events/all/nearby': () => success({ dates: [], radius_km: 20 }),
      'GET /api/iam/events/my-pages': () => success({ dates: [swap, far] }),
    });
    renderRoute('/events', { auth: AUTH.member });
    const mine = await screen.findByRole('region', { name: 'From your pages' });
    expect(within(mine).getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Events of Swap Club', 'Events of The Nursery']);
    expect(within(mine).getByRole('link', { name: 'Swap Club' }).getAttribute('href')).toBe('/swap_club/events');
    expect(api.to('GET /api/iam/events/my-pages')).toHaveLength(1);

    fireEvent.click(await screen.findByRole('button', { name: 'Month' }));
    const list = await screen.findByRole('region', { name: 'events by distance' });
    await waitFor(() => expect(list.textContent).toContain('With 1 date of your pages farther away.'));
    expect(within(list).getByRole('grid').textContent).toContain('Cutting swap');
    expect(await screen.findByRole('group', { name: 'Map of 1 events within 20 km of Newtown, New South Wales' })).toBeTruthy();
    expect(screen.getByText(/Events are placed where they are held/)).toBeTruthy();
  });

  it('shows no "From your pages" heading when the pages have no dates, and offers to try again when they fail to load', async () => {
    serve({
      'GET /api/nearby/near-you': () => nearYou(),
      'GET /api/events/nearby': () => success({ events: [], radius_km: 20 }),
      'GET /api/iam/events/my-pages': () => success({ dates: [] }),
    });
    const first = renderRoute('/events', { auth: AUTH.member });
    expect(await screen.findByText(/No events within 20 km yet/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'From your pages' })).toBeNull();
    first.unmount();

    serve({
      'GET /api/nearby/near-you': () => nearYou(),
      'GET /api/events/nearby': () => success({ events: [], radius_km: 20 }),
      'GET /api/iam/events/my-pages': () => failure(500, 'Internal', 'Something went wrong'),
    });
    renderRoute('/events', { auth: AUTH.member });
    const mine = await screen.findByRole('region', { name: 'From your pages' });
    expect(within(mine).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('asks guests for nothing of their own', async () => {
    const api = serve({ 'GET /api/nearby/near-you': () => nearYou(), 'GET /api/events/nearby': () => success({ events: [], radius_km: 20 }) });
    renderRoute('/events', { auth: AUTH.guest });
    expect(await screen.findByText(/No events within 20 km yet/)).toBeTruthy();
    expect(api.to('GET /api/iam/events/my-pages')).toHaveLength(0);
  });

  it('says a near event\'s day once in the "Near you" panel: the leaf gives it, the line beside it the weekday and time at its place', async () => {
    // Its own clock: the year is said only when it is not the current one.
    vi.useFakeTimers({ now: new Date('2026-11-20T00:00:00.000Z'), toFake: ['Date'] });
    const date = card('11111111-0000-4000-8000-000000000003', 'Fern walk', 2, CLUB);
    date.date.startsAt = '2026-11-28T23:00:00.000Z';
    serve({
      'GET /api/nearby/near-you': () => success({ origin: ORIGIN, radius_km: 20, plants: [], pages: [], events: [{ ...date, distance_km: 3 }] }),
      'GET /api/events/nearby': () => success({ events: [], radius_km: 20 }),
    });
    renderRoute('/events', { auth: AUTH.guest });
    const rail = await screen.findByRole('complementary', { name: 'Around you' });
    const link = await within(rail).findByRole('link', { name: /Fern walk/ });
    const reader = readerZone();
    const zone = reader === 'Australia/Sydney' ? '' : ' (Australia/Sydney time)';
    // Seen: "29 Nov" on the leaf, "Sun 10:00 · ~3 km" beside it; heard: the whole date once.
    expect(link.textContent).toBe(`29 NovFern walkSun 10:00${zone} · ~3 kmSun 29 Nov, 10:00${zone} · ~3 km`);
    expect(within(link).getByText(`Sun 29 Nov, 10:00${zone} · ~3 km`).className).toBe('sr-only');
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@shared/schemas/users';
import { makePlant, uuid } from '@/features/content/testing';
import { radiusForSetting } from '@/features/places/components/nearby-view';
import { AUTH, renderRoute } from '@/testing/render-route';
import { cleanup } from '@testing-library/react';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const ORIGIN = { latitude: -33.8978, longitude: 151.1785, suburb_city: 'Newtown', state: 'New South Wales', country: 'Australia', source: 'profile' };
const nearYou = (plants: unknown[] = []) => success({ origin: ORIGIN, radius_km: 20, plants, pages: [], events: [] });
const nearby = (n: number, name: string, km: number) => ({
  ...makePlant({ id: uuid(n), plant: { commonName: name, availability: 'Available to swap' } }),
  distance_km: km,
  cell: { latitude: -33.9 + n / 100, longitude: 151.18 },
});

describe('/nearby/plants', () => {
  it('lists available plants nearest first around the member\'s place, draws them on a map, and searches again at another radius', async () => {
    const api = serve({
      'GET /api/nearby/near-you': () => nearYou(),
      'PUT /api/plants/avail-nearby': (call) =>
        success({ plants: call.body?.radiusKm === 5 ? [nearby(1, 'fern', 2)] : [nearby(1, 'fern', 2), nearby(2, 'cactus', 12)], radius_km: call.body?.radiusKm }),
    });
    renderRoute('/nearby/plants', { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plants near you' })).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'plants by distance' });
    await waitFor(() => expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual([expect.stringContaining('Fern'), expect.stringContaining('Cactus')]));
    const from = screen.getByRole('region', { name: 'Where to search from' });
    expect(from.textContent).toContain('Near Newtown, New South Wales (from your place in your profile)');
    expect(await screen.findByRole('group', { name: 'Map of 2 plants within 25 km of Newtown, New South Wales' })).toBeTruthy();
    expect(api.to('PUT /api/plants/avail-nearby')[0]!.body).toMatchObject({ latitude: ORIGIN.latitude, longitude: ORIGIN.longitude, radiusKm: 25 });
    fireEvent.click(screen.getByRole('radio', { name: '5 km' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(1));
    expect(api.to('PUT /api/plants/avail-nearby').at(-1)!.body).toMatchObject({ radiusKm: 5 });
  });

  it('starts from the member\'s "nearby means within" setting, every one of which is a choice here, up to 100 km', async () => {
    const api = serve({
      'GET /api/nearby/near-you': () => nearYou(),
      'GET /api/iam/users/user-settings': () => success({ ...DEFAULT_USER_SETTINGS, nearby_radius_km: 100, calendarFeedUrl: null }),
      'PUT /api/plants/avail-nearby': (call) => success({ plants: [nearby(1, 'fern', 2)], radius_km: call.body?.radiusKm }),
    });
    renderRoute('/nearby/plants', { auth: AUTH.member });
    await waitFor(() => expect((screen.getByRole('radio', { name: '100 km' }) as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect(api.to('PUT /api/plants/avail-nearby').at(-1)!.body).toMatchObject({ radiusKm: 100 }));
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['1', '5', '10', '25', '50', '100']);
    expect(radiusForSetting(10)).toBe(10);
    expect(radiusForSetting(25)).toBe(25);
    expect(radiusForSetting(7)).toBe(5);
  });

  it('says distances and radii in miles for a member who chose imperial units, and says when the answer searched less than asked', async () => {
    serve({
      'GET /api/nearby/near-you': () => nearYou([nearby(2, 'cactus', 8)]),
      'GET /api/iam/users/user-settings': () => success({ ...DEFAULT_USER_SETTINGS, units: 'imperial', nearby_radius_km: 100, calendarFeedUrl: null }),
      // Near the poles the index serves less than asked: the answer says how far it searched.
      'PUT /api/plants/avail-nearby': () => success({ plants: [nearby(1, 'fern', 5)], radius_km: 50 }),
    });
    renderRoute('/nearby/plants', { auth: AUTH.member });
    await waitFor(() => expect((screen.getByRole('radio', { name: '62 mi' }) as HTMLInputElement).checked).toBe(true));
    expect(screen.getAllByRole('radio').map((r) => r.parentElement!.textContent)).toEqual(['0.6 mi', '3 mi', '6 mi', '16 mi', '31 mi', '62 mi']);
    const list = await screen.findByRole('region', { name: 'plants by distance' });
    await waitFor(() => expect(within(list).getByRole('link').textContent).toContain('~3 mi'));
    expect(list.textContent).toContain('1 within 31 mi, nearest first');
    expect(list.textContent).toContain('Searched within 31 mi (the widest here).');
    // The near-you panel says its distances the same way.
    const panel = await screen.findByRole('region', { name: 'Near you' });
    await waitFor(() => expect(panel.textContent).toContain('~5 mi'));
  });

  it("shows each plant's area and distance on its card and in the panel, and on its page when opened from the list", async () => {
    const fern = { ...nearby(3, 'fern', 2), area: 'Pyrmont' };
    serve({
      'GET /api/nearby/near-you': () => nearYou([fern]),
      'PUT /api/plants/avail-nearby': () => success({ plants: [fern], radius_km: 25 }),
      [`GET /api/plant/${uuid(3)}`]: () => success({ plant: { ...makePlant({ id: uuid(3), plant: { commonName: 'fern', availability: 'Available to swap' } }), area: 'Pyrmont' }, comments: [], responders: [], commentsCursor: null }),
    });
    const { router } = renderRoute('/nearby/plants', { auth: AUTH.member });
    const list = await screen.findByRole('region', { name: 'plants by distance' });
    await waitFor(() => expect(within(list).getByRole('link').textContent).toContain('Pyrmont · ~2 km · '));
    const panel = await screen.findByRole('region', { name: 'Near you' });
    await waitFor(() => expect(panel.textContent).toContain('~2 km · Pyrmont'));
    fireEvent.click(within(list).getByRole('link'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fern' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/plant/${uuid(3)}`);
    const where = screen.getByText('Where');
    expect(where.nextElementSibling?.textContent).toBe('Pyrmont · ~2 km away');
    // Opened directly, the distance is not known: the area alone.
    cleanup();
    renderRoute(`/plant/${uuid(3)}`, { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fern' })).toBeTruthy();
    expect(screen.getByText('Where').nextElementSibling?.textContent).toBe('Pyrmont');
  });

  it('says so when nothing is near, and points to recent plants', async () => {
    serve({ 'GET /api/nearby/near-you': () => nearYou(), 'PUT /api/plants/avail-nearby': () => success({ plants: [], radius_km: 20 }) });
    renderRoute('/nearby/plants', { auth: AUTH.member });
    expect(await screen.findByText(/No available plants within 25 km yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'browse recent plants' }).getAttribute('href')).toBe('/_recent-plants');
  });

  it('names a plant on its card, in the near-you panel and on its own page with the same casing', async () => {
    const monstera = nearby(7, 'monstera deliciosa', 3);
    serve({
      'GET /api/nearby/near-you': () => nearYou([monstera]),
      'PUT /api/plants/avail-nearby': () => success({ plants: [monstera], radius_km: 20 }),
      [`GET /api/plant/${uuid(7)}`]: () => success({ plant: makePlant({ id: uuid(7), plant: { commonName: 'monstera deliciosa', availability: 'Available to swap' } }), comments: [], responders: [] }),
    });
    renderRoute('/nearby/plants', { auth: AUTH.member });
    const list = await screen.findByRole('region', { name: 'plants by distance' });
    await waitFor(() => expect(within(list).getByRole('link').textContent).toContain('Monstera Deliciosa'));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Monstera Deliciosa/ }).length).toBeGreaterThan(1));
    expect(screen.queryByText(/monstera deliciosa/)).toBeNull();
    cleanup();
    renderRoute(`/plant/${uuid(7)}`, { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Monstera Deliciosa' })).toBeTruthy();
  });

  it('narrows by availability and words kept in the address, says what was filtered when nothing matches, and clears it', async () => {
    const api = serve({
      'GET /api/nearby/near-you': () => nearYou(),
      'PUT /api/plants/avail-nearby': (call) =>
        success({ plants: call.body?.q === 'orchid' ? [] : call.body?.availability === 'free' ? [nearby(2, 'cactus', 12)] : [nearby(1, 'fern', 2), nearby(2, 'cactus', 12)], radius_km: 25 }),
    });
    // A shared link opens the list as it was filtered.
    const { router } = renderRoute('/nearby/plants?availability=free', { auth: AUTH.member });
    const list = await screen.findByRole('region', { name: 'plants by distance' });
    await waitFor(() => expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual([expect.stringContaining('Cactus')]));
    expect((screen.getByRole('combobox', { name: 'Availability' }) as HTMLSelectElement).value).toBe('free');
    expect(api.to('PUT /api/plants/avail-nearby').at(-1)!.body).toMatchObject({ availability: 'free' });
    expect(api.to('PUT /api/plants/avail-nearby').at(-1)!.body).not.toHaveProperty('q');

    // Words go to the address (and the server) once typing pauses; a single letter is not sent.
    const words = screen.getByRole('searchbox', { name: 'Plant, words or tag' });
    fireEvent.change(words, { target: { value: 'o' } });
    await waitFor(() => expect(router.state.location.search).toBe('?availability=free&q=o'));
    expect(api.to('PUT /api/plants/avail-nearby').every((c) => c.body?.q === undefined)).toBe(true);
    expect(screen.getByRole('searchbox', { name: 'Plant, words or tag' })).toBe(words);
    fireEvent.change(words, { target: { value: 'orchid' } });
    await waitFor(() => expect(router.state.location.search).toBe('?availability=free&q=orchid'));
    expect(await screen.findByText('No available plants free to a good home, matching “orchid” within 25 km.')).toBeTruthy();
    expect(api.to('PUT /api/plants/avail-nearby').at(-1)!.body).toMatchObject({ availability: 'free', q: 'orchid' });

    // Clearing empties the field, the select and the address, and lists every plant again.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    expect(router.state.location.search).toBe('');
    expect((words as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Availability' }) as HTMLSelectElement).value).toBe('');

    // Back returns to the filtered list, its words back in the field.
    await act(() => router.navigate(-1));
    await waitFor(() => expect((words as HTMLInputElement).value).toBe('orchid'));
    expect(await screen.findByRole('button', { name: 'Clear filters' })).toBeTruthy();

    // A pick of availability is its own step.
    fireEvent.change(screen.getByRole('combobox', { name: 'Availability' }), { target: { value: 'sale' } });
    await waitFor(() => expect(router.state.location.search).toBe('?availability=sale&q=orchid'));
  });
});

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { panelPoint } from '@shared/panel-point';
import { chooseOrigin } from '@/lib/chosen-place';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve, type Call } from '@/testing/serve';

const SITE = { latitude: -33.8688, longitude: 151.2093, suburb_city: 'Sydney', state: 'New South Wales', country: 'Australia', source: 'site' };
const PROFILE = { latitude: -37.8136, longitude: 144.9631, suburb_city: 'Melbourne', state: 'Victoria', country: 'Australia', source: 'profile' };
const NEWTOWN = {
  id: '2155416', name: 'Newtown', admin1: 'New South Wales', country: 'AU', countryName: 'Australia',
  label: 'Newtown, New South Wales, Australia', latitude: -33.8978, longitude: 151.1785, timeZone: 'Australia/Sydney',
};
const pageNear = (name: string, handle: string, km: number) => ({
  id: `id-${handle}`, handle, name, category: 'group', avatar: null, place: 'Newtown, New South Wales, Australia', memberCount: 3, openness: 'open',
  my: { status: 'none', role: null }, distance_km: km, latitude: -33.9, longitude: 151.18,
});
const NEWTOWN_GROWERS = pageNear('Newtown Growers', 'newtown_growers', 1);
const CITY_GARDEN = pageNear('City Garden Club', 'city_garden', 4);

/** The near-you route: around the point asked for, else around the viewer's own place (`own`). */
const nearYou = (own: typeof SITE) => (call: Call) => {
  const q = new URL(call.url, 'http://x').searchParams;
  return q.has('lat')
    ? success({ origin: { latitude: Number(q.get('lat')), longitude: Number(q.get('long')), suburb_city: '', state: '', country: '', source: 'query' }, radius_km: 20, plants: [], pages: [NEWTOWN_GROWERS], events: [] })
    : success({ origin: own, radius_km: 20, plants: [], pages: [CITY_GARDEN], events: [] });
};
const nearbyPages = (call: Call) => {
  const q = new URL(call.url, 'http://x').searchParams;
  return success({ pages: [NEWTOWN.latitude, NEWTOWN_CELL.latitude].includes(Number(q.get('lat'))) ? [NEWTOWN_GROWERS] : [CITY_GARDEN], radius_km: 25 });
};
const atNewtown = (c: Call) => c.url.includes(`lat=${NEWTOWN.latitude}`) && c.url.includes(`long=${NEWTOWN.longitude}`);
/** A guest's point goes as the centre of its ~5 km cell (one cached answer serves the cell). */
const NEWTOWN_CELL = panelPoint(NEWTOWN);
const atNewtownCell = (c: Call) => c.url.includes(`lat=${NEWTOWN_CELL.latitude}`) && c.url.includes(`long=${NEWTOWN_CELL.longitude}`);

describe('the place a viewer searches from', () => {
  it("is the place a guest chooses, in the main column and the Near you panel alike, and stays chosen on the next screen", async () => {
    let api = serve({
      'GET /api/nearby/near-you': nearYou(SITE),
      'GET /api/page/location/nearby-pages': nearbyPages,
      'GET /api/location/places': () => success({ places: [NEWTOWN], attribution: 'GeoNames' }),
    });
    renderRoute('/pages/nearby', { auth: AUTH.guest });
    const from = await screen.findByRole('region', { name: 'Where to search from' });
    const panel = await screen.findByRole('region', { name: 'Near you' });
    await waitFor(() => expect(from.textContent).toContain("Near Sydney, New South Wales (from the site's default place)"));
    await waitFor(() => expect(panel.textContent).toContain("Around Sydney, New South Wales, from the site's default place."));

    fireEvent.click(screen.getByRole('button', { name: 'Choose a place' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Suburb or city' }), { target: { value: 'Newt' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: /New South Wales/ }));

    // Both columns move to the place: the panel asks near-you around it (lat, long; the server
    // answers a guest for the centre of its ~5 km cell), the list around that centre.
    await waitFor(() => expect(from.textContent).toContain('Near Newtown, New South Wales, Australia (from the place you chose)'));
    await waitFor(() => expect(panel.textContent).toContain('Around Newtown, New South Wales, Australia, from the place you chose.'));
    await waitFor(() => expect(panel.textContent).toContain('Newtown Growers'));
    expect(api.to('GET /api/nearby/near-you').filter(atNewtown)).toHaveLength(1);
    await waitFor(() => expect(api.to('GET /api/page/location/nearby-pages').some(atNewtownCell)).toBe(true));

    // Another screen, in a fresh app (a reload): still the place chosen, in both.
    cleanup();
    api = serve({ 'GET /api/nearby/near-you': nearYou(SITE), 'GET /api/page/location/nearby-pages': nearbyPages });
    renderRoute('/pages/nearby', { auth: AUTH.guest });
    const again = await screen.findByRole('region', { name: 'Where to search from' });
    expect(again.textContent).toContain('Near Newtown, New South Wales, Australia (from the place you chose)');
    const panelAgain = await screen.findByRole('region', { name: 'Near you' });
    await waitFor(() => expect(panelAgain.textContent).toContain('Around Newtown, New South Wales, Australia, from the place you chose.'));
    await waitFor(() => expect(api.to('GET /api/page/location/nearby-pages')[0]?.url).toContain(`lat=${NEWTOWN_CELL.latitude}`));
    expect(api.to('GET /api/nearby/near-you').every(atNewtown)).toBe(true);
  });

  it("keeps a member's profile place when they chose none, and does not take a guest's choice for theirs", async () => {
    chooseOrigin('guest', { latitude: NEWTOWN.latitude, longitude: NEWTOWN.longitude, label: NEWTOWN.label, source: 'place' });
    const api = serve({ 'GET /api/nearby/near-you': nearYou(PROFILE), 'GET /api/page/location/nearby-pages': nearbyPages });
    renderRoute('/pages/nearby', { auth: AUTH.member });
    const from = await screen.findByRole('region', { name: 'Where to search from' });
    await waitFor(() => expect(from.textContent).toContain('Near Melbourne, Victoria (from your place in your profile)'));
    const panel = await screen.findByRole('region', { name: 'Near you' });
    await waitFor(() => expect(panel.textContent).toContain('Around Melbourne, Victoria, from your place.'));
    expect(api.calls.some(atNewtown)).toBe(false);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serve } from '@/testing/serve';
import { success } from '@/testing/responses';
import NearbyMap, { mapAppLinks, placesRadiusKm, type MapPoint } from './nearby-map';

const SYDNEY = { latitude: -33.8688, longitude: 151.2093 };
/** `km` north of a point. */
const north = (p: { latitude: number; longitude: number }, km: number) => ({ latitude: p.latitude + km / 110.574, longitude: p.longitude });
/** `km` east of a point. */
const east = (p: { latitude: number; longitude: number }, km: number) => ({ latitude: p.latitude, longitude: p.longitude + km / (111.32 * Math.cos((p.latitude * Math.PI) / 180)) });

const PLACES = {
  places: [
    { name: 'Sydney', latitude: -33.8678, longitude: 151.2073, population: 5_000_000 },
    { name: 'Newtown', latitude: -33.8978, longitude: 151.1785, population: 14_820 },
    { name: 'Glebe', latitude: -33.8797, longitude: 151.1861, population: 11_525 },
  ],
  attribution: 'Place data © GeoNames (geonames.org), CC BY 4.0, modified',
};

// happy-dom lays nothing out: give the map's box the size a phone would, so Leaflet has a view to draw.
const SIZE = 400;
const sizes = ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const;
beforeEach(() => {
  for (const key of sizes) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => SIZE });
});
afterEach(() => {
  for (const key of sizes) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
});

function renderMap(props: Partial<Parameters<typeof NearbyMap>[0]> & { points: MapPoint[] }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/nearby']}>
        <Routes>
          <Route path="/nearby" element={<NearbyMap centre={SYDNEY} radiusKm={5} label="Map of the results" {...props} />} />
          <Route path="/garden" element={<p>The garden page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The reader reaches for the map: Leaflet loads. */
const activate = () => fireEvent.click(screen.getByRole('button', { name: 'Move and zoom the map' }));
const markers = () => [...document.querySelectorAll('.nearby-map-marker')];
const clusters = () => [...document.querySelectorAll('.nearby-map-cluster')];

describe('NearbyMap', () => {
  it('keeps its room while Leaflet loads, then draws each result as a numbered marker, the circle, and the towns around from places-near', async () => {
    const api = serve({ 'GET /api/location/places-near': () => success(PLACES) });
    const points = [
      { id: 'a', label: 'Garden', href: '/garden', ...north(SYDNEY, 3) },
      { id: 'b', label: 'Nursery', href: '/nursery', ...east(SYDNEY, -3) },
    ];
    renderMap({ points });
    const box = screen.getByRole('group', { name: 'Map of the results' });
    expect(box.className).toContain('aspect-square');
    activate();
    await waitFor(() => expect(markers()).toHaveLength(2));
    expect(screen.queryByText('Loading the map…')).toBeNull();
    expect(markers().map((m) => m.getAttribute('aria-label'))).toEqual(expect.arrayContaining(['1. Garden', '2. Nursery']));
    expect(document.querySelector('path.leaflet-interactive, .leaflet-overlay-pane path')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    await waitFor(() => expect([...document.querySelectorAll('.nearby-map-place')].map((e) => e.textContent)).toContain('Newtown'));
    expect(api.to('GET /api/location/places-near')[0]!.url).toContain(`radiusKm=${placesRadiusKm(5)}`);
    expect(screen.getByText(/Place names: Place data © GeoNames/)).toBeTruthy();
  });

  it('gathers results too close to tell apart into one cluster, which zooms in until they part', async () => {
    serve({ 'GET /api/location/places-near': () => success(PLACES) });
    // Three results within 100 m, and one across town.
    const near = north(SYDNEY, 2);
    const points = [
      { id: 'a', label: 'Garden', href: '/garden', ...near },
      { id: 'b', label: 'Fern club', href: '/ferns', ...east(near, 0.05) },
      { id: 'c', label: 'Seed swap', href: '/seeds', ...east(near, 0.1) },
      { id: 'd', label: 'Far one', href: '/far', ...east(SYDNEY, 4) },
    ];
    renderMap({ points });
    activate();
    await waitFor(() => expect(clusters()).toHaveLength(1));
    expect(clusters()[0]!.textContent).toBe('3');
    expect(markers()).toHaveLength(1);
    // Each click zooms to where the cluster splits; a cluster left holds fewer.
    for (let clicks = 0; clusters().length && clicks < 5; clicks++) {
      const before = Number(clusters()[0]!.textContent);
      fireEvent.click(clusters()[0]!);
      await waitFor(() => expect(clusters().every((c) => Number(c.textContent) < before)).toBe(true));
    }
    expect(clusters()).toHaveLength(0);
    expect(markers().map((m) => m.getAttribute('aria-label')).sort()).toEqual(['1. Garden', '2. Fern club', '3. Seed swap']);
  });

  it('lists the results of one spot in a popup (they never part), and a popup link opens the result inside the app', async () => {
    serve({ 'GET /api/location/places-near': () => success(PLACES) });
    const spot = north(SYDNEY, 1);
    const points = [
      { id: 'a', label: 'Garden', href: '/garden', ...spot },
      { id: 'b', label: 'Fern club', href: '/ferns', ...spot },
    ];
    renderMap({ points });
    activate();
    await waitFor(() => expect(clusters()).toHaveLength(1));
    act(() => {
      fireEvent.click(clusters()[0]!);
    });
    const link = await screen.findByRole('link', { name: '1. Garden' });
    expect(screen.getByRole('link', { name: '2. Fern club' }).getAttribute('href')).toBe('/ferns');
    fireEvent.click(link);
    expect(await screen.findByText('The garden page')).toBeTruthy();
  });

  it('hands a click on the map to onPick as the point clicked, under a crosshair cursor', async () => {
    serve({ 'GET /api/location/places-near': () => success(PLACES) });
    const picked: { latitude: number; longitude: number }[] = [];
    renderMap({ points: [], centreLabel: null, onPick: (p) => picked.push(p) });
    activate();
    await waitFor(() => expect(document.querySelector('.leaflet-container')).toBeTruthy());
    const container = document.querySelector<HTMLElement>('.leaflet-container')!;
    expect(container.style.cursor).toBe('crosshair');
    // The box is 400 px square: a quarter of the way in from the right edge is east of the centre, on its latitude.
    fireEvent.click(container, { clientX: SIZE * 0.75, clientY: SIZE / 2 });
    expect(picked).toHaveLength(1);
    expect(picked[0]!.longitude).toBeGreaterThan(SYDNEY.longitude + 0.01);
    expect(picked[0]!.latitude).toBeCloseTo(SYDNEY.latitude, 3);
  });

  it('draws the site\'s tiles when it names a tile server, credited by its attribution setting, and names no places itself', async () => {
    const api = serve({});
    renderMap({ points: [{ id: 'a', label: 'Garden', href: '/garden', ...north(SYDNEY, 3) }], tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', tileAttribution: '© OpenStreetMap contributors' });
    activate();
    await waitFor(() => expect(markers()).toHaveLength(1));
    await waitFor(() => expect(document.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0));
    const srcs = [...document.querySelectorAll('img.leaflet-tile')].map((i) => i.getAttribute('src'));
    expect(srcs.every((s) => /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/.test(s ?? ''))).toBe(true);
    expect(screen.getByText(/Map tiles: © OpenStreetMap contributors/)).toBeTruthy();
    expect(api.to('GET /api/location/places-near')).toHaveLength(0);
  });

  it('shows a still picture of the view, results grouped where they would overlap, and fetches Leaflet only when the reader reaches for the map', async () => {
    serve({ 'GET /api/location/places-near': () => success(PLACES) });
    const spot = north(SYDNEY, 1);
    renderMap({ points: [{ id: 'a', label: 'Garden', href: '/garden', ...spot }, { id: 'b', label: 'Ferns', href: '/ferns', ...east(spot, 0.05) }, { id: 'c', label: 'Far', href: '/far', ...east(SYDNEY, -4) }] });
    await waitFor(() => expect([...document.querySelectorAll('svg text')].map((t) => t.textContent)).toContain('Newtown'));
    const marks = [...document.querySelectorAll('svg g text')].map((t) => t.textContent);
    expect(marks.sort()).toEqual(['2', '3']);
    await new Promise((r) => setTimeout(r, 200));
    expect(document.querySelector('.leaflet-container')).toBeNull();
    fireEvent.pointerEnter(screen.getByRole('group', { name: 'Map of the results' }));
    await waitFor(() => expect(clusters()).toHaveLength(1));
    // The still picture goes once the map is there (a render after Leaflet drew its markers).
    await waitFor(() => expect(document.querySelector('svg[aria-hidden="true"] g')).toBeNull());
  });

  it('offers the centre to a map app and to OpenStreetMap', () => {
    serve({});
    renderMap({ points: [] });
    expect(screen.getByRole('link', { name: 'Open in a map app' }).getAttribute('href')).toBe('geo:-33.8688,151.2093');
    expect(screen.getByRole('link', { name: 'Open in OpenStreetMap' }).getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=-33.8688&mlon=151.2093#map=14/-33.8688/151.2093');
    expect(mapAppLinks({ latitude: -33.123456789, longitude: 151.98765432 }).geo).toBe('geo:-33.12346,151.98765');
  });
});

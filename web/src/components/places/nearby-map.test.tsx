import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import NearbyMap, { project, tilesFor, zoomFor } from './nearby-map';

const SYDNEY = { latitude: -33.8688, longitude: 151.2093 };
/** `km` north of a point. */
const north = (p: { latitude: number; longitude: number }, km: number) => ({ latitude: p.latitude + km / 110.574, longitude: p.longitude });
/** `km` east of a point. */
const east = (p: { latitude: number; longitude: number }, km: number) => ({ latitude: p.latitude, longitude: p.longitude + km / (111.32 * Math.cos((p.latitude * Math.PI) / 180)) });

describe('the nearby map\'s projection', () => {
  it('draws the radius as the circle: a point at the radius lands on it, half way at half of it, north up and east right', () => {
    for (const km of [1, 5, 20, 50]) {
      const z = zoomFor(SYDNEY, km);
      const up = project(SYDNEY, z, north(SYDNEY, km));
      expect(up.x).toBeCloseTo(200, 0);
      expect(200 - up.y).toBeGreaterThan(170 * 0.98);
      expect(200 - up.y).toBeLessThan(170 * 1.02);
      const right = project(SYDNEY, z, east(SYDNEY, km / 2));
      expect(right.x - 200).toBeGreaterThan(85 * 0.98);
      expect(right.x - 200).toBeLessThan(85 * 1.02);
    }
  });

  it('crosses the antimeridian the short way', () => {
    const centre = { latitude: -17.8, longitude: 179.99 };
    const z = zoomFor(centre, 20);
    const across = project(centre, z, { latitude: -17.8, longitude: -179.99 });
    expect(across.x).toBeGreaterThan(200);
    expect(across.x).toBeLessThan(220);
  });

  it('covers the drawing with the tiles of the zoom below, their x wrapped, and fills the template', () => {
    const centre = { latitude: 0, longitude: 179.999 };
    const tiles = tilesFor(centre, zoomFor(centre, 20), 'https://tile.example.org/{z}/{x}/{y}.png');
    const z = Math.floor(zoomFor(centre, 20));
    expect(tiles.every((t) => t.href.startsWith(`https://tile.example.org/${z}/`))).toBe(true);
    const xs = tiles.map((t) => Number(t.href.split('/')[4]));
    expect(xs).toContain(0);
    expect(xs).toContain(2 ** z - 1);
    expect(Math.min(...tiles.map((t) => t.x))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.x + t.size))).toBeGreaterThanOrEqual(400);
  });
});

describe('NearbyMap', () => {
  const points = [{ id: 'a', label: 'Garden', href: '/garden', ...north(SYDNEY, 3) }];

  it('needs no tile server: markers are numbered links, and no image is loaded', () => {
    render(
      <MemoryRouter>
        <NearbyMap centre={SYDNEY} radiusKm={5} points={points} label="Map of 1 page" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('group', { name: 'Map of 1 page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '1. Garden' }).getAttribute('href')).toBe('/garden');
    expect(document.querySelectorAll('image')).toHaveLength(0);
  });

  it('draws the site\'s tiles under the circle when it names a tile server, and credits OpenStreetMap\'s', () => {
    render(
      <MemoryRouter>
        <NearbyMap centre={SYDNEY} radiusKm={5} points={points} label="Map" tileUrl="https://tile.openstreetmap.org/{z}/{x}/{y}.png" />
      </MemoryRouter>,
    );
    const hrefs = [...document.querySelectorAll('image')].map((i) => i.getAttribute('href'));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.every((h) => /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/.test(h ?? ''))).toBe(true);
    expect(screen.getByText(/OpenStreetMap contributors/)).toBeTruthy();
  });
});

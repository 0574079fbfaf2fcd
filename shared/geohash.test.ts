import fc from 'fast-check';
import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { coveringCells, distanceKm, encodeGeohash, precisionForRadius } from './geohash';

describe('distanceKm', () => {
  it('matches known distances', () => {
    const sydney = { latitude: -33.8688, longitude: 151.2093 };
    const melbourne = { latitude: -37.8136, longitude: 144.9631 };
    expect(distanceKm(sydney, melbourne)).toBeGreaterThan(705);
    expect(distanceKm(sydney, melbourne)).toBeLessThan(720);
    expect(distanceKm(sydney, sydney)).toBe(0);
  });
});

describe('covering cells', () => {
  it('every point within the radius lies in one of the cells searched (property, incl. antimeridian and high latitudes)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.constantFrom(1, 5, 10, 25, 50, 100),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (lat, lon, radius, frac, bearing) => {
          const centre = { latitude: lat, longitude: lon };
          const precision = precisionForRadius(radius, lat);
          if (precision === null) return; // the caller falls back for radii no index covers
          // A point at distance frac × radius in direction `bearing` (small-distance approximation).
          const d = frac * radius * 0.999;
          const dLat = (d / 111.195) * Math.cos(bearing);
          const dLon = ((d / 111.195) * Math.sin(bearing)) / Math.cos((lat * Math.PI) / 180);
          let pLon = lon + dLon;
          if (pLon > 180) pLon -= 360;
          if (pLon < -180) pLon += 360;
          const point = { latitude: Math.max(-90, Math.min(90, lat + dLat)), longitude: pLon };
          if (distanceKm(centre, point) > radius) return;
          const cells = coveringCells(centre, precision);
          expect(cells).toContain(ngeohash.encode(point.latitude, point.longitude, precision));
          // Only the cells the circle reaches: still every point within it.
          expect(coveringCells(centre, precision, radius)).toContain(ngeohash.encode(point.latitude, point.longitude, precision));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the cells the circle reaches, most often far fewer than 9', () => {
    // Sydney, 20 km: cells of ~156 × 130 km there; the city is near the edge of its own, so two.
    expect(coveringCells({ latitude: -33.87, longitude: 151.21 }, 3, 20)).toHaveLength(2);
    // The middle of a cell: that cell alone.
    const middle = ngeohash.decode('r3g');
    expect(coveringCells(middle, 3, 20)).toEqual(['r3g']);
    const counts = Array.from({ length: 2000 }, (_, i) => {
      const point = { latitude: -60 + ((i * 7.31) % 120), longitude: -180 + ((i * 13.7) % 360) };
      const radius = [1, 5, 20, 50, 100][i % 5]!;
      const precision = precisionForRadius(radius, point.latitude);
      return precision === null ? null : coveringCells(point, precision, radius).length;
    }).filter((n): n is number => n !== null);
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    expect(Math.max(...counts)).toBeLessThanOrEqual(9);
    expect(mean).toBeLessThan(4);
    console.info(`cells read per search, mean of ${counts.length}: ${mean.toFixed(2)}`);
  });

  it('searches at most 9 cells', () => {
    expect(coveringCells({ latitude: 0, longitude: 179.99 }, 5).length).toBeLessThanOrEqual(9);
    expect(coveringCells({ latitude: -33.87, longitude: 151.21 }, 4)).toHaveLength(9);
  });

  it('stores a 9-character geohash', () => {
    expect(encodeGeohash({ latitude: -33.8688, longitude: 151.2093 })).toHaveLength(9);
  });
});

/**
 * A guest's point, rounded for the "Near you" panel: the shared rounding (server and SPA) is a
 * geohash library's cell centre (test/infra/near-you-function.test.ts holds CloudFront's to it).
 */
import fc from 'fast-check';
import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { cellCentre, PANEL_CELL_PRECISION, panelPoint } from './panel-point';

const point = fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) });

describe('a guest\'s point, rounded to its ~5 km cell', () => {
  it('is the centre of its geohash-5 cell, as a geohash library decodes it', () => {
    fc.assert(
      fc.property(point, (p) => {
        const { latitude, longitude } = ngeohash.decode(ngeohash.encode(p.latitude, p.longitude, PANEL_CELL_PRECISION));
        expect(panelPoint(p)).toEqual({ latitude, longitude });
      }),
      { numRuns: 2000 },
    );
    // Every point of a cell rounds to the same centre, which is in the cell.
    const sydney = panelPoint({ latitude: -33.8688, longitude: 151.2093 });
    expect(panelPoint({ latitude: sydney.latitude + 0.01, longitude: sydney.longitude - 0.01 })).toEqual(sydney);
    expect(panelPoint(sydney)).toEqual(sydney);
    expect(cellCentre({ latitude: 0.1, longitude: 0.1 }, 1)).toEqual({ latitude: 22.5, longitude: 22.5 });
  });
});

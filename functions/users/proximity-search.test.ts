import { describe, expect, it } from 'vitest';
import { cellSizeKm } from '../../shared/geohash';
import { searchPlan } from './proximity-search';

describe('searchPlan', () => {
  it('picks the finest indexed precision whose cells cover the radius', () => {
    expect(searchPlan({ latitude: 0, longitude: 0 }, 2)).toEqual({ precision: 5, radiusKm: 2 });
    expect(searchPlan({ latitude: -33.87, longitude: 151.21 }, 25)).toEqual({ precision: 3, radiusKm: 25 });
    expect(searchPlan({ latitude: 10, longitude: 0 }, 100)).toEqual({ precision: 3, radiusKm: 100 });
  });

  it('caps a radius even the coarsest cells cannot cover (high latitudes) at what 9 cells do cover', () => {
    const plan = searchPlan({ latitude: 65, longitude: 20 }, 150);
    const { heightKm, widthKm } = cellSizeKm(3, 65);
    expect(plan).toEqual({ precision: 3, radiusKm: Math.min(heightKm, widthKm) });
    expect(plan.radiusKm).toBeLessThan(150);
  });
});

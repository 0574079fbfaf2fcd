import { describe, expect, it } from 'vitest';
import { cellSizeKm } from '../../shared/geohash';
import { nearest, searchPlan } from './geo-search';

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

describe('nearest', () => {
  const centre = { latitude: -33.87, longitude: 151.21 };
  /** A point `km` kilometres north of the centre (1° of latitude ≈ 111.2 km). */
  const north = (km: number) => ({ latitude: centre.latitude + km / 111.2, longitude: centre.longitude });

  it('reads the covering cells once each, and answers the items within the radius, nearest first, at most max', async () => {
    const items = [
      { id: 'far', at: north(30) },
      { id: 'near', at: north(1) },
      { id: 'hidden', at: null },
      { id: 'mid', at: north(10) },
    ];
    const read: string[] = [];
    const kind = {
      readCell: async (precision: number, cell: string) => {
        read.push(`${precision}:${cell}`);
        // Every item sits in the centre cell; the other cells are empty.
        return read.length === 1 ? items : [];
      },
      positionOf: (item: (typeof items)[number]) => item.at,
      idOf: (item: (typeof items)[number]) => item.id,
    };
    const { found, radiusKm } = await nearest(kind, centre, 25, 10);
    expect(radiusKm).toBe(25);
    expect(new Set(read).size).toBe(read.length);
    expect(read.length).toBeLessThanOrEqual(9);
    expect(found.map((f) => f.item.id)).toEqual(['near', 'mid']);
    expect(found[0]!.km).toBeCloseTo(1, 1);

    const { found: one } = await nearest({ ...kind, readCell: async () => items }, centre, 25, 1);
    expect(one.map((f) => f.item.id)).toEqual(['near']);
  });

  it('orders items equally far (one ~1 km cell) by id, whatever order the index read them in: the exact place does not leak', async () => {
    const same = { latitude: centre.latitude + 0.05, longitude: centre.longitude };
    const items = ['c', 'a', 'b'].map((id) => ({ id, at: same }));
    /** The items from one cell only (the first read), in the order given. */
    const once = (list: typeof items) => {
      let served = false;
      return async () => (served ? [] : ((served = true), list));
    };
    const kind = { readCell: once(items), positionOf: (i: (typeof items)[number]) => i.at, idOf: (i: (typeof items)[number]) => i.id };
    const forwards = await nearest(kind, centre, 25, 10);
    const backwards = await nearest({ ...kind, readCell: once([...items].reverse()) }, centre, 25, 10);
    expect(forwards.found.map((f) => f.item.id)).toEqual(['a', 'b', 'c']);
    expect(backwards.found.map((f) => f.item.id)).toEqual(['a', 'b', 'c']);
  });
});

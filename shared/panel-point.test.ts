/**
 * The three roundings of a guest's point agree: the shared one (server and SPA), a geohash
 * library's cell centre, and the CloudFront function that rounds before the cache key (run here
 * as CloudFront runs it: its source, a request event in, the request out).
 */
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { NEAR_YOU_CELL_HEADER, NEAR_YOU_FUNCTION, NEAR_YOU_VIEWER_HEADER } from '../infra/aws/near-you-cache';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './constants';
import { cellCentre, PANEL_CELL_PRECISION, panelPoint } from './panel-point';

interface CfRequest {
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
}
const handler = runInNewContext(`${NEAR_YOU_FUNCTION}\n;handler`) as (event: { request: CfRequest }) => CfRequest;
const run = (request: Partial<CfRequest>) => handler({ request: { querystring: {}, headers: {}, cookies: {}, ...request } });

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

  it('is what CloudFront\'s function puts in the query before the cache key', () => {
    fc.assert(
      fc.property(point, (p) => {
        const lat = p.latitude.toFixed(6);
        const long = p.longitude.toFixed(6);
        const out = run({ querystring: { lat: { value: lat }, long: { value: long }, radiusKm: { value: '20' } } });
        const expected = panelPoint({ latitude: Number(lat), longitude: Number(long) });
        expect({ latitude: Number(out.querystring.lat!.value), longitude: Number(out.querystring.long!.value) }).toEqual(expected);
        expect(out.querystring.radiusKm).toEqual({ value: '20' });
        expect(out.headers[NEAR_YOU_CELL_HEADER]).toEqual({ value: 'query' });
      }),
      { numRuns: 1000 },
    );
  });

  it('keys a member apart from guests, and a guest without a point by the cell of their address', () => {
    expect(run({}).headers[NEAR_YOU_VIEWER_HEADER]).toEqual({ value: 'guest' });
    expect(run({ cookies: { [ACCESS_COOKIE]: { value: 'x' } } }).headers[NEAR_YOU_VIEWER_HEADER]).toEqual({ value: 'member' });
    expect(run({ cookies: { [REFRESH_COOKIE]: { value: 'x' } } }).headers[NEAR_YOU_VIEWER_HEADER]).toEqual({ value: 'member' });
    expect(run({ cookies: { other: { value: 'x' } } }).headers[NEAR_YOU_VIEWER_HEADER]).toEqual({ value: 'guest' });
    expect(run({}).headers[NEAR_YOU_CELL_HEADER]).toEqual({ value: 'none' });
    const located = run({ headers: { 'cloudfront-viewer-latitude': { value: '-33.86880' }, 'cloudfront-viewer-longitude': { value: '151.20930' } } });
    const c = panelPoint({ latitude: -33.8688, longitude: 151.2093 });
    expect(located.headers[NEAR_YOU_CELL_HEADER]).toEqual({ value: `${c.latitude},${c.longitude}` });
    expect(located.querystring).toEqual({});
  });

  it('leaves what is not a coordinate for the API to refuse', () => {
    for (const [lat, long] of [['91', '10'], ['abc', '10'], ['10', '1e3'], ['10', '']]) {
      const out = run({ querystring: { lat: { value: lat! }, long: { value: long! } } });
      expect(out.querystring).toEqual({ lat: { value: lat }, long: { value: long } });
    }
  });
});

/**
 * The viewer-request function of the "Near you" behaviour (infra/aws/near-you-cache.ts), run as
 * CloudFront runs it (its source, a request event in, the request out): it rounds a point as the
 * server and the SPA do (shared/panel-point.ts), keys a member apart from guests, and keys a guest
 * without a point by the cell of their address.
 */
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEAR_YOU_CELL_HEADER, NEAR_YOU_FUNCTION, NEAR_YOU_VIEWER_HEADER } from '../../infra/aws/near-you-cache';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../shared/constants';
import { panelPoint } from '../../shared/panel-point';

interface CfRequest {
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
}
const handler = runInNewContext(`${NEAR_YOU_FUNCTION}\n;handler`) as (event: { request: CfRequest }) => CfRequest;
const run = (request: Partial<CfRequest>) => handler({ request: { querystring: {}, headers: {}, cookies: {}, ...request } });
const point = fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) });

describe('the Near you behaviour\'s viewer-request function', () => {
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
      expect(out.headers[NEAR_YOU_CELL_HEADER]).toEqual({ value: 'none' });
    }
  });
});

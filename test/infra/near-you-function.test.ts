/**
 * The viewer-request function of the "Near you" behaviour (infra/aws/near-you-cache.ts), run as
 * CloudFront runs it (its source, a request event in, the request out): it rounds a guest's point
 * as the server and the SPA do (shared/panel-point.ts), keys a member apart from guests and leaves
 * their point alone, keys a guest without a point by the cell of their address, writes the
 * radius one way, and keys apart every request the API would refuse (so an error kept by the
 * cache is never served for a valid request).
 */
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEAR_YOU_CELL_HEADER, NEAR_YOU_FUNCTION, NEAR_YOU_VIEWER_HEADER } from '../../infra/aws/near-you-cache';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../shared/constants';
import { panelPoint } from '../../shared/panel-point';
import { nearYouQuery } from '../../shared/schemas/pages';

type Values = Record<string, { value: string; multiValue?: { value: string }[] }>;
interface CfRequest {
  querystring: Values;
  headers: Values;
  cookies: Values;
}
const handler = runInNewContext(`${NEAR_YOU_FUNCTION}\n;handler`) as (event: { request: CfRequest }) => CfRequest;
const PLATFORM = { 'client-platform': { value: 'browser' } };
const run = (request: Partial<CfRequest>) => handler({ request: { querystring: {}, headers: { ...PLATFORM }, cookies: {}, ...request, ...(request.headers ? { headers: request.headers } : {}) } });
const cellOf = (out: CfRequest) => out.headers[NEAR_YOU_CELL_HEADER]?.value;
const point = fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) });

describe('the Near you behaviour\'s viewer-request function', () => {
  it('puts a guest\'s point in the query as the centre of its ~5 km cell, as the server rounds it', () => {
    fc.assert(
      fc.property(point, fc.integer({ min: 1, max: 100 }), (p, km) => {
        const lat = p.latitude.toFixed(6);
        const long = p.longitude.toFixed(6);
        const out = run({ querystring: { lat: { value: lat }, long: { value: long }, radiusKm: { value: String(km) } } });
        const expected = panelPoint({ latitude: Number(lat), longitude: Number(long) });
        expect({ latitude: Number(out.querystring.lat!.value), longitude: Number(out.querystring.long!.value) }).toEqual(expected);
        expect(out.querystring.radiusKm).toEqual({ value: String(km) });
        expect(cellOf(out)).toBe('query');
        // What the function writes, the API reads.
        expect(nearYouQuery.safeParse(Object.fromEntries(Object.entries(out.querystring).map(([k, v]) => [k, v.value]))).success).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('keys a member apart from guests and leaves their point as sent; keys a guest without a point by the cell of their address', () => {
    expect(run({}).headers[NEAR_YOU_VIEWER_HEADER]).toEqual({ value: 'guest' });
    const member = run({ cookies: { [ACCESS_COOKIE]: { value: 'x' } }, querystring: { lat: { value: '-33.8688' }, long: { value: '151.2093' } } });
    expect(member.headers[NEAR_YOU_VIEWER_HEADER]).toEqual({ value: 'member' });
    expect(cellOf(member)).toBe('member');
    expect(member.querystring).toEqual({ lat: { value: '-33.8688' }, long: { value: '151.2093' } });
    expect(run({ cookies: { [REFRESH_COOKIE]: { value: 'x' } } }).headers[NEAR_YOU_VIEWER_HEADER]).toEqual({ value: 'member' });
    expect(run({ cookies: { other: { value: 'x' } } }).headers[NEAR_YOU_VIEWER_HEADER]).toEqual({ value: 'guest' });
    expect(cellOf(run({}))).toBe('none');
    const located = run({ headers: { ...PLATFORM, 'cloudfront-viewer-latitude': { value: '-33.86880' }, 'cloudfront-viewer-longitude': { value: '151.20930' } } });
    const c = panelPoint({ latitude: -33.8688, longitude: 151.2093 });
    expect(cellOf(located)).toBe(`${c.latitude},${c.longitude}`);
    expect(located.querystring).toEqual({});
  });

  it('writes one radius one way', () => {
    expect(run({ querystring: { radiusKm: { value: '020' } } }).querystring.radiusKm).toEqual({ value: '20' });
    expect(cellOf(run({ querystring: { radiusKm: { value: '020' } } }))).toBe('none');
  });

  // Some of these the API reads all the same (it coerces `2e1` or ` 20`): those answers are not
  // kept either (test/api/pages.test.ts), as the key names no cell.
  it('keys apart, untouched, every request not in the form the SPA sends', () => {
    const refused: Partial<CfRequest>[] = [
      { querystring: { lat: { value: '10' }, long: { value: '10' }, zz: { value: '1' } } },
      { querystring: { lat: { value: '10', multiValue: [{ value: '10' }, { value: '11' }] }, long: { value: '10' } } },
      { querystring: { lat: { value: '10' } } },
      { querystring: { radiusKm: { value: '2e1' } } },
      { querystring: { radiusKm: { value: ' 20' } } },
      { querystring: { radiusKm: { value: '101' } } },
      { querystring: { radiusKm: { value: '0' } } },
      { headers: {} },
      { headers: { 'client-platform': { value: 'x' } } },
      { cookies: { [ACCESS_COOKIE]: { value: 'x' } }, querystring: { lat: { value: '10' }, long: { value: '10' }, zz: { value: '1' } } },
    ];
    for (const [lat, long] of [['91', '10'], ['abc', '10'], ['10', '1e3'], ['10', ''], ['+5', '10'], ['0x10', '10']]) refused.push({ querystring: { lat: { value: lat! }, long: { value: long! } } });
    for (const request of refused) {
      const out = run(request);
      expect(cellOf(out), JSON.stringify(request)).toBe('invalid');
      expect(out.querystring).toEqual(request.querystring ?? {});
    }
  });
});

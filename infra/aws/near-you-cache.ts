/**
 * The guests' "Near you" panel from CloudFront's cache. `GET /api/nearby/near-you` is public and,
 * for a guest, the same for everyone in the same ~5 km cell; it sits beside nearly every screen.
 * Its behaviour caches it NEAR_YOU_CACHE_SECONDS, keyed by:
 *   - `lat` / `long`, rounded by the viewer-request function below to the centre of their
 *     geohash-5 cell (shared/panel-point.ts `panelPoint`; a nearby screen's list sends a guest's
 *     point rounded the same way, so it and the panel beside it agree), and `radiusKm`;
 *   - `x-near-you-viewer`: `member` when the request carries a session cookie, else `guest`. The
 *     API answers a member `Cache-Control: no-store` (their answer holds members-only events), so
 *     nothing is kept under `member`, and a member never gets a guest's copy;
 *   - `x-near-you-cell` also says `invalid` for a request the API will refuse, and `member`;
 *   - `x-near-you-cell`: for a guest who sends no point, the centre of the cell of the position
 *     CloudFront gives their address (the API rounds the same position the same way), else `none`
 *     (the site's default place).
 * No cookie is in the key; all of them still reach the API (the API behaviour's origin request
 * policy). A guest's panel then costs about one origin call per cell and minute, whatever the
 * traffic (docs/budgets.md).
 */
import { ACCESS_COOKIE, CLIENT_PLATFORM_BROWSER, CLIENT_PLATFORM_HEADER, NEAR_YOU_CELL_HEADER, NEAR_YOU_INVALID, NEAR_YOU_VIEWER_HEADER, REFRESH_COOKIE } from '../../shared/constants';
import { PANEL_CELL_PRECISION } from '../../shared/panel-point';

export const NEAR_YOU_PATH = '/api/nearby/near-you';
export { NEAR_YOU_CELL_HEADER, NEAR_YOU_VIEWER_HEADER };
export const NEAR_YOU_QUERY_KEYS = ['lat', 'long', 'radiusKm'] as const;

/**
 * The viewer-request function (cloudfront-js-2.0). A request the API would refuse (a query key
 * it does not take, a value it does not read as a coordinate or a radius of 1–100 km, no
 * `client-platform: browser` header) is keyed apart (`x-near-you-cell: invalid`) and passed on as sent:
 * its error, which CloudFront keeps a few seconds, can then never be served for a valid request.
 * A valid guest's point is rounded to the centre of its geohash cell (halving the ranges as a
 * geohash encoder does, longitude first, `>` the midpoint goes up, PANEL_CELL_PRECISION characters
 * of 5 bits each) and the radius written as a plain number, so each cell and radius has one key;
 * a member's point is left as sent (their answer is never kept).
 */
export const NEAR_YOU_FUNCTION = `var BITS = ${PANEL_CELL_PRECISION * 5};
var KEYS = ${JSON.stringify(NEAR_YOU_QUERY_KEYS)};
function centre(lat, lon) {
  var latLo = -90, latHi = 90, lonLo = -180, lonHi = 180, mid;
  for (var i = 0; i < BITS; i++) {
    if (i % 2 === 0) {
      mid = (lonLo + lonHi) / 2;
      if (lon > mid) lonLo = mid; else lonHi = mid;
    } else {
      mid = (latLo + latHi) / 2;
      if (lat > mid) latLo = mid; else latHi = mid;
    }
  }
  return [(latLo + latHi) / 2, (lonLo + lonHi) / 2];
}
function coordinate(text, max) {
  if (typeof text !== 'string' || !/^-?\\d{1,3}(\\.\\d{1,15})?$/.test(text)) return null;
  var n = Number(text);
  return n >= -max && n <= max ? n : null;
}
function radius(text) {
  if (typeof text !== 'string' || !/^\\d{1,3}$/.test(text)) return null;
  var n = Number(text);
  return n >= 1 && n <= 100 ? n : null;
}
function handler(event) {
  var request = event.request;
  var q = request.querystring;
  var h = request.headers;
  var c = request.cookies || {};
  var member = !!(c[${JSON.stringify(ACCESS_COOKIE)}] || c[${JSON.stringify(REFRESH_COOKIE)}]);
  h[${JSON.stringify(NEAR_YOU_VIEWER_HEADER)}] = { value: member ? 'member' : 'guest' };
  var cell = ${JSON.stringify(NEAR_YOU_CELL_HEADER)};
  var platform = h[${JSON.stringify(CLIENT_PLATFORM_HEADER)}];
  var valid = !!platform && platform.value === ${JSON.stringify(CLIENT_PLATFORM_BROWSER)};
  for (var key in q) {
    if (KEYS.indexOf(key) < 0 || q[key].multiValue) valid = false;
  }
  var lat = q.lat ? coordinate(q.lat.value, 90) : null;
  var lon = q.long ? coordinate(q.long.value, 180) : null;
  var km = q.radiusKm ? radius(q.radiusKm.value) : null;
  if ((q.lat && lat === null) || (q.long && lon === null) || (!q.lat !== !q.long) || (q.radiusKm && km === null)) valid = false;
  if (!valid) {
    h[cell] = { value: ${JSON.stringify(NEAR_YOU_INVALID)} };
    return request;
  }
  if (km !== null) q.radiusKm = { value: String(km) };
  if (member) {
    h[cell] = { value: 'member' };
    return request;
  }
  if (lat !== null && lon !== null) {
    var p = centre(lat, lon);
    q.lat = { value: String(p[0]) };
    q.long = { value: String(p[1]) };
    h[cell] = { value: 'query' };
    return request;
  }
  var vlat = h['cloudfront-viewer-latitude'] ? coordinate(h['cloudfront-viewer-latitude'].value, 90) : null;
  var vlon = h['cloudfront-viewer-longitude'] ? coordinate(h['cloudfront-viewer-longitude'].value, 180) : null;
  if (vlat !== null && vlon !== null) {
    var v = centre(vlat, vlon);
    h[cell] = { value: v[0] + ',' + v[1] };
  } else {
    h[cell] = { value: 'none' };
  }
  return request;
}
`;

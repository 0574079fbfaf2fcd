/**
 * GET /api/nearby/near-you: the "Near you" panel in one request. One origin (the point asked for,
 * else the member's place, else the viewer's IP location in the cloud, else the site's default
 * place), then the three nearest available plants and pages and the three soonest upcoming events
 * around it, within the radius asked for, else the member's "nearby means within" setting, else
 * 20 km, searched in parallel (each at most 9 Queries, then a BatchGet or two).
 *
 * A guest (no session cookie at all) is answered for the centre of their ~5 km cell, whether the
 * point came with the request or from their address, and the answer may be kept
 * NEAR_YOU_CACHE_SECONDS by CloudFront (not by the browser): it is the same for everyone there
 * (infra/aws/near-you-cache.ts keys the cache the same way). A member's answer is never kept.
 */
import { ACCESS_COOKIE, NEAR_YOU_CACHE_SECONDS, NEAR_YOU_CELL_HEADER, NEAR_YOU_INVALID, REFRESH_COOKIE } from '../../../shared/constants';
import type { nearYou as route } from '../../../shared/contract/pages';
import { panelPoint } from '../../../shared/panel-point';
import type { NearYou } from '../../../shared/answers/pages';
import { eventsNear } from '../../events/lists';
import { plantsNear } from '../../feeds/nearby-plants';
import { originChecked } from '../../lib/middleware/origin';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { pagesNear } from '../proximity-search';
import { readCookies } from '../../lib/session/cookies';
import { viewerOf } from '../../lib/session/viewer';
import { readPublicSite } from '../../site-settings/settings';
import { viewerLocation } from '../../users/viewer-location';
import { getUser } from '../../users/users';
import { readSettings } from '../../users/settings-store';

export const PANEL_RADIUS_KM = 20;
const PANEL_SIZE = 3;

type Origin = NearYou['origin'];

/** Whether the request carries a session cookie, valid or not (CloudFront's key says `member` then). */
function hasSessionCookie(event: { cookies?: string[]; headers?: Record<string, string | undefined> }): boolean {
  const cookies = readCookies(event.cookies, event.headers?.cookie);
  return cookies[ACCESS_COOKIE] !== undefined || cookies[REFRESH_COOKIE] !== undefined;
}

async function originOf(input: { lat?: number; long?: number }, userId: string | null, headers: Record<string, string | undefined>, guest: boolean): Promise<Origin> {
  const rounded = <T extends { latitude: number; longitude: number }>(o: T): T => (guest ? { ...o, ...panelPoint(o) } : o);
  if (input.lat !== undefined && input.long !== undefined) return rounded<Origin>({ latitude: input.lat, longitude: input.long, suburb_city: '', state: '', country: '', source: 'query' });
  const user = userId ? await getUser(userId) : null;
  if (user && !user.deletedAt && user.latitude !== undefined && user.longitude !== undefined) {
    return { latitude: user.latitude, longitude: user.longitude, suburb_city: user.suburbCity ?? '', state: user.state ?? '', country: user.country ?? '', source: 'profile' };
  }
  const fromIp = viewerLocation(headers, originChecked());
  if (fromIp) return rounded<Origin>({ ...fromIp, source: 'ip' });
  const { latitude, longitude, suburb_city, state, country } = (await readPublicSite()).defaultLocation;
  return { latitude, longitude, suburb_city, state, country, source: 'site' };
}

export const main: Main<typeof route> = async ({ input, session, event }) => {
  const viewer = await viewerOf(session);
  const guest = !viewer.userId && !hasSessionCookie(event);
  // A member's panel searches as far as their "nearby means within" setting says, read beside the origin.
  const [origin, wanted] = await Promise.all([
    originOf(input, viewer.userId, event.headers ?? {}, guest),
    input.radiusKm ?? (viewer.userId ? readSettings(viewer.userId).then((s) => s.nearby_radius_km) : PANEL_RADIUS_KM),
  ]);
  const point = { latitude: origin.latitude, longitude: origin.longitude };
  const [plants, pages, events] = await Promise.all([
    plantsNear(point, wanted, viewer, PANEL_SIZE),
    pagesNear(point, wanted, PANEL_SIZE, viewer.userId),
    eventsNear(point, wanted, viewer, PANEL_SIZE),
  ]);
  const answer = { origin, radius_km: Math.min(plants.radiusKm, pages.radiusKm, events.radiusKm), plants: plants.plants, pages: pages.pages, events: events.events };
  // CloudFront keeps it (s-maxage); a browser does not, so a guest who signs in gets a member's answer at once.
  // Not under the key of requests CloudFront could not read as a guest's (`invalid`): that key names
  // no cell, so a guest's answer kept there would reach others elsewhere.
  const cacheable = guest && event.headers?.[NEAR_YOU_CELL_HEADER] !== NEAR_YOU_INVALID;
  return cacheable ? reply(answer, { headers: { 'cache-control': `public, max-age=0, s-maxage=${NEAR_YOU_CACHE_SECONDS}` } }) : answer;
};

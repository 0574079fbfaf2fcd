/**
 * GET /api/location/from-ip: the viewer's place from CloudFront's geolocation headers in the
 * cloud, else the site's default place; `source` says which, so the SPA can label it honestly.
 */
import type { locationFromIp as route } from '../../../shared/contract/users';
import type { Main } from '../../lib/route-types';
import { originChecked } from '../../lib/middleware/origin';
import { readPublicSite } from '../../site-settings/settings';
import { viewerLocation } from '../viewer-location';

export const main: Main<typeof route> = async ({ event }) => {
  const fromViewer = viewerLocation(event.headers ?? {}, originChecked());
  const place = fromViewer ?? (await readPublicSite()).defaultLocation;
  const { latitude, longitude, suburb_city, state, country } = place;
  return { latitude, longitude, suburb_city, state, country, source: fromViewer ? 'ip' : 'site' };
};

/** GET /api/site-settings/get-site: the settings flagged public (never private ones such as admin lists). */
import type { getSite as route } from '../../../shared/contract/site-settings';
import type { Main } from '../../lib/route-types';
import { readPublicSite } from '../settings';

export const main: Main<typeof route> = async () => readPublicSite();

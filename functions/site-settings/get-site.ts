/** GET /api/site-settings/get-site: the settings flagged public (never private ones such as admin lists). */
import type { noInput } from '../../shared/schemas/common';
import type { Main } from '../lib/route-types';
import { readPublicSite } from './settings';

export const main: Main<typeof noInput> = async () => readPublicSite();

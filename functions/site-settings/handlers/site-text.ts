/** GET /api/site-settings/text/{name}: one of the site's texts, for its own screen (browsers may keep it five minutes). */
import type { siteText as route } from '../../../shared/contract/site-settings';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { readSiteText, SITE_TEXT_CACHE_SECONDS } from '../texts';

export const main: Main<typeof route> = async ({ input }) =>
  reply(await readSiteText(input.name), { headers: { 'cache-control': `public, max-age=${SITE_TEXT_CACHE_SECONDS}` } });

/** GET /api/site-settings/text/{name}: one of the site's texts, for its own screen (browsers may keep it five minutes). */
import type { siteText as route } from '../../../shared/contract/site-settings';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { readSiteText, SITE_TEXT_CACHE_SECONDS } from '../texts';

export const main: Main<typeof route> = async ({ input }) => {
  const { markdown, ...shown } = await readSiteText(input.name);
  // The screen shows the HTML: the Markdown (as long again) goes to the editor alone.
  return reply(input.view === 'page' ? shown : { ...shown, markdown }, { headers: { 'cache-control': `public, max-age=${SITE_TEXT_CACHE_SECONDS}` } });
};

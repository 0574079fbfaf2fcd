/**
 * GET /api/site-settings/manifest: the web app manifest, so that phones can add the site to their
 * home screen under the name an admin gave it. Browsers fetch it without our client-platform
 * header (the route is exempt) and read it as JSON of the manifest's own media type.
 */
import type { WebManifest } from '../../../shared/answers/site-settings';
import type { manifest as route } from '../../../shared/contract/site-settings';
import type { Main } from '../../lib/route-types';
import { readPublicSite } from '../settings';

/** The SPA's colours (web/index.html's theme-color and the page background). */
const THEME_COLOR = '#15803d';
const BACKGROUND_COLOR = '#ffffff';

export const main: Main<typeof route> = async () => {
  const site = await readPublicSite();
  const manifest: WebManifest = {
    name: site.name,
    short_name: site.name.slice(0, 12),
    description: site.tagline,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    // web/public/icons (scripts/make-icons.ts): PNGs for installing, a maskable one for Android's shapes.
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return JSON.stringify(manifest);
};

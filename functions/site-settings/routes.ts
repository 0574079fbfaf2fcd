/** The site-settings routes: each contract entry with its handler and grants. */
import * as siteSettings from '../../shared/contract/site-settings';
import type { RouteDef } from '../lib/route-types';

export const siteSettingsRoutes = [
  { ...siteSettings.getSite, handler: 'site-settings/handlers/get-site', grants: ['table:read'] },
  { ...siteSettings.manifest, handler: 'site-settings/handlers/manifest', grants: ['table:read'] },
  { ...siteSettings.siteText, handler: 'site-settings/handlers/site-text', grants: ['table:read'] },
  { ...siteSettings.updateSiteText, handler: 'site-settings/handlers/update-site-text', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];

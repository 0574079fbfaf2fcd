/**
 * THE route table: every HTTP route of the product, assembled from the domains' tables
 * (functions/<domain>/routes.ts, each entry a contract of shared/contract/ with its handler and
 * grants). The CDK stack makes one Lambda and one API route of each entry, the local gateway
 * dispatches to the same handler modules, the security suite enumerates it, and docs/api.md and
 * docs/openapi.json are generated from it.
 * Catch-all: API Gateway's `$default` route (CATCH_ALL below) answers the 404 envelope.
 */
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { commentsRoutes } from './comments/routes';
import { eventsRoutes } from './events/routes';
import { feedsRoutes } from './feeds/routes';
import { formsRoutes } from './forms/routes';
import { imagesRoutes } from './images/routes';
import type { RouteDef } from './lib/route-types';
import { messagesRoutes } from './messages/routes';
import { notificationsRoutes } from './notifications/routes';
import { locationRoutes, pagesRoutes } from './pages/routes';
import { postsRoutes } from './posts/routes';
import { reactionsRoutes } from './reactions/routes';
import { searchRoutes } from './search/routes';
import { siteSettingsRoutes } from './site-settings/routes';
import { systemRoutes } from './system/routes';
import { tagsRoutes } from './tags/routes';
import { usersRoutes } from './users/routes';

export const routes = [
  ...systemRoutes,
  ...siteSettingsRoutes,
  ...adminRoutes,
  ...formsRoutes,
  ...authRoutes,
  ...usersRoutes,
  ...searchRoutes,
  ...tagsRoutes,
  ...notificationsRoutes,
  ...postsRoutes,
  ...commentsRoutes,
  ...reactionsRoutes,
  ...feedsRoutes,
  ...imagesRoutes,
  ...pagesRoutes,
  ...locationRoutes,
  ...eventsRoutes,
  ...messagesRoutes,
] as const satisfies readonly RouteDef[];

export type RouteTable = typeof routes;

/** The handler of API Gateway's `$default` route: every path no route matches. */
export const CATCH_ALL = { handler: 'system/not-found', grants: [] } as const;

/**
 * THE route table: every HTTP route of the product, assembled from the domains' tables
 * (functions/<domain>/routes.ts, each entry a contract of shared/contract/ with its handler and
 * grants). The CDK stack makes one Lambda and one API route of each entry, the local gateway
 * dispatches to the same handler modules, the security suite enumerates it, and docs/api.md and
 * docs/openapi.json are generated from it.
 * Each domain table is placed here in the nested stack of the cloud host that holds its routes
 * (`inStack`): the stack is named, not derived from a folder, because a kept stage retains each
 * route's stack and log group (test/infra/kept-names.ts holds them). The content tables keep the
 * `posts` stack they were split from, the places routes their `location` stack and the socket
 * ticket its `realtime` stack.
 * Catch-all: API Gateway's `$default` route (CATCH_ALL below) answers the 404 envelope.
 */
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { commentsRoutes } from './comments/routes';
import { eventsRoutes } from './events/routes';
import { exportsRoutes } from './exports/routes';
import { feedsRoutes } from './feeds/routes';
import { formsRoutes } from './forms/routes';
import { imagesRoutes } from './images/routes';
import type { HandlerModules } from './handler-modules';
import type { AnswerOf, ParsedInputOf } from '../shared/contract/route';
import type { Reply } from './lib/http';
import type { HandlerContext, RouteDef, SessionFor, StackedRoute } from './lib/route-types';
import { mailRoutes } from './mail/routes';
import { messagesRoutes, realtimeRoutes } from './messages/routes';
import { notificationsRoutes } from './notifications/routes';
import { locationRoutes, pagesRoutes } from './pages/routes';
import { postsRoutes } from './posts/routes';
import { reactionsRoutes } from './reactions/routes';
import { reportsRoutes } from './reports/routes';
import { swapsRoutes } from './swaps/routes';
import { wantedRoutes } from './wanted/routes';
import { searchRoutes } from './search/routes';
import { siteSettingsRoutes } from './site-settings/routes';
import { systemRoutes } from './system/routes';
import { tagsRoutes } from './tags/routes';
import { usersRoutes } from './users/routes';

type InStack<S extends string, T extends readonly RouteDef[]> = { readonly [K in keyof T]: T[K] & { readonly stack: S } };

/**
 * A row whose `handler` names a handler module (functions/handler-modules.ts, types only) whose
 * `main` implements the row's route; otherwise a `handler` type no string matches, which names
 * what is wrong (the compiler reports it at the table's `inStack` below).
 */
type Implemented<R> = R extends RouteDef & { readonly handler: infer H extends string }
  ? H extends keyof HandlerModules
    ? HandlerModules[H] extends { readonly main: (ctx: HandlerContext<ParsedInputOf<R>, SessionFor<R['access']>>) => Promise<AnswerOf<R> | Reply<AnswerOf<R>>> }
      ? R
      : Omit<R, 'handler'> & { readonly handler: `${H}: its main does not implement ${R['method']} ${R['path']}` }
    : Omit<R, 'handler'> & { readonly handler: `${H}: no such handler module in functions/handler-modules.ts` }
  : never;

/**
 * A domain table's rows, each placed in the nested stack `stack`; the compiler checks each row's
 * handler against the module it names, without loading it.
 */
function inStack<const S extends string, const T extends readonly RouteDef[]>(stack: S, table: T & { readonly [K in keyof T]: Implemented<T[K]> }): InStack<S, T> {
  return table.map((row) => ({ ...row, stack })) as unknown as InStack<S, T>;
}

export const routes = [
  ...inStack('system', systemRoutes),
  ...inStack('site-settings', siteSettingsRoutes),
  ...inStack('admin', adminRoutes),
  ...inStack('forms', formsRoutes),
  ...inStack('auth', authRoutes),
  ...inStack('users', usersRoutes),
  ...inStack('users', exportsRoutes),
  ...inStack('search', searchRoutes),
  ...inStack('tags', tagsRoutes),
  ...inStack('notifications', notificationsRoutes),
  ...inStack('posts', postsRoutes),
  ...inStack('posts', commentsRoutes),
  ...inStack('posts', reactionsRoutes),
  ...inStack('posts', feedsRoutes),
  ...inStack('images', imagesRoutes),
  ...inStack('pages', pagesRoutes),
  ...inStack('location', locationRoutes),
  ...inStack('events', eventsRoutes),
  ...inStack('messages', messagesRoutes),
  ...inStack('realtime', realtimeRoutes),
  ...inStack('mail', mailRoutes),
  ...inStack('reports', reportsRoutes),
  ...inStack('swaps', swapsRoutes),
  ...inStack('swaps', wantedRoutes),
] as const satisfies readonly StackedRoute[];

export type RouteTable = typeof routes;

/** The handler of API Gateway's `$default` route: every path no route matches. */
export const CATCH_ALL = { handler: 'system/not-found', grants: [], stack: 'system' } as const;

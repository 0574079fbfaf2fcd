/**
 * Every route's contract, by domain. The web client names a route by its key
 * (`'POST /api/iam/authn/login'`) and takes its input and answer types from here; it imports
 * this module for types only, so the SPA carries none of the schemas it does not use.
 */
import type * as admin from './admin';
import type * as auth from './auth';
import type * as comments from './comments';
import type * as events from './events';
import type * as dataExport from './data-export';
import type * as feeds from './feeds';
import type * as forms from './forms';
import type * as images from './images';
import type * as mail from './mail';
import type * as messages from './messages';
import type * as notifications from './notifications';
import type * as pages from './pages';
import type * as posts from './posts';
import type * as reactions from './reactions';
import type * as reports from './reports';
import type { DataOf, InputOf, KeyOf, RouteContract } from './route';
import type * as search from './search';
import type * as siteSettings from './site-settings';
import type * as swaps from './swaps';
import type * as system from './system';
import type * as tags from './tags';
import type * as users from './users';
import type * as wanted from './wanted';

type Domains = [
  typeof admin, typeof auth, typeof comments, typeof events, typeof dataExport, typeof feeds, typeof forms, typeof images, typeof mail, typeof messages, typeof notifications,
  typeof pages, typeof posts, typeof reactions, typeof reports, typeof search, typeof siteSettings, typeof swaps, typeof system, typeof tags, typeof users, typeof wanted,
];

/** The routes one contract module exports (distributed over the union of modules). */
type RoutesOf<M> = M extends unknown ? M[keyof M] : never;

/** Every route's contract, as a union. */
export type AnyRoute = RoutesOf<Domains[number]> & RouteContract;

/** The contract of each route by its key, `METHOD /path`. */
export type Routes = { [R in AnyRoute as KeyOf<R>]: R };
export type RouteName = keyof Routes;

export type RouteInput<K extends RouteName> = InputOf<Routes[K]>;
export type RouteData<K extends RouteName> = DataOf<Routes[K]>;

/**
 * Every screen of the app: its path, guard (by name, see guards.ts), layout (3-col unless
 * noted) and lazily loaded screen module, so each screen is its own chunk. router.tsx turns
 * this array into the data router; an unknown guard name throws 'Unknown route middleware'
 * when it does.
 *
 * Patterns are react-router's. `/{username}-old` cannot be a pattern of its own (a dynamic
 * segment is a whole segment), so the `/:handle` entry carries a check that redirects
 * `/{name}-old` to `/{name}` and sends malformed or reserved handles to the not-found page.
 */
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import { isValidHandle } from '@shared/validation';
import type { GuardName } from './guards';

export type LayoutName = '3-col' | 'default' | 'no-margin';

export type RouteCheck = { kind: 'ok' } | { kind: 'not-found' } | { kind: 'redirect'; to: string };

export interface AppRoute {
  path: string;
  guard: GuardName;
  /** 3-col when left out. */
  layout?: LayoutName;
  screen: () => Promise<{ default: ComponentType }>;
  /** A check of the path parameters made before the guard. */
  check?: (params: Params) => RouteCheck;
}

export const OLD_HANDLE_SUFFIX = '-old';

const ok: RouteCheck = { kind: 'ok' };
const notFound: RouteCheck = { kind: 'not-found' };

/** `/:handle…` screens: the handle must be well formed and not a reserved word. */
export function checkHandle(params: Params): RouteCheck {
  return isValidHandle(params.handle ?? '') ? ok : notFound;
}

/** `/:handle` itself: also `/{username}-old` → `/{username}` (old links to a profile keep working). */
export function checkHandleOrOld(params: Params): RouteCheck {
  const handle = params.handle ?? '';
  if (handle.toLowerCase().endsWith(OLD_HANDLE_SUFFIX)) {
    const name = handle.slice(0, -OLD_HANDLE_SUFFIX.length);
    return isValidHandle(name) ? { kind: 'redirect', to: `/${name}` } : notFound;
  }
  return checkHandle(params);
}

export const appRoutes: readonly AppRoute[] = [
  { path: '/join', guard: 'none', screen: () => import('./screens/join') },
  { path: '/about', guard: 'guest-or-authd', screen: () => import('./screens/about') },
  { path: '/', guard: 'guest-or-authd', screen: () => import('./screens/home') },
  { path: '/welcome', guard: 'authd-only', screen: () => import('./screens/welcome') },

  { path: '/auth/login', guard: 'none', screen: () => import('./screens/auth/login') },
  { path: '/auth/reset', guard: 'none', screen: () => import('./screens/auth/reset') },
  { path: '/auth/signup', guard: 'none', screen: () => import('./screens/auth/signup') },
  { path: '/auth/verify', guard: 'none', screen: () => import('./screens/auth/verify') },
  { path: '/auth/sms', guard: 'logged-in-only', screen: () => import('./screens/auth/sms') },
  { path: '/auth/suspended', guard: 'none', screen: () => import('./screens/auth/suspended') },
  { path: '/auth/unsubscribe', guard: 'none', screen: () => import('./screens/auth/unsubscribe') },
  { path: '/auth/verifyemail', guard: 'none', screen: () => import('./screens/auth/verify-email') },
  { path: '/auth/verifyfailed', guard: 'none', screen: () => import('./screens/auth/verify-failed') },
  { path: '/auth/verifysuccessful', guard: 'none', screen: () => import('./screens/auth/verify-successful') },
  { path: '/auth/account-deleted', guard: 'none', screen: () => import('./screens/auth/account-deleted') },
  { path: '/auth/register', guard: 'logged-in-only', screen: () => import('./screens/auth/register') },
  { path: '/auth/setup-page', guard: 'guest-or-authd', screen: () => import('./screens/auth/setup-page') },

  { path: '/tag/:name', guard: 'guest-or-authd', screen: () => import('./screens/tag') },
  { path: '/search', guard: 'logged-in-only', screen: () => import('./screens/search') },

  { path: '/admin', guard: 'admin-auth', screen: () => import('./screens/admin/dashboard') },
  { path: '/admin/tags', guard: 'admin-auth', screen: () => import('./screens/admin/tags') },
  { path: '/admin/email', guard: 'admin-auth', screen: () => import('./screens/admin/email') },
  { path: '/admin/database', guard: 'admin-auth', screen: () => import('./screens/admin/database') },
  { path: '/admin/settings', guard: 'admin-auth', screen: () => import('./screens/admin/settings') },
  { path: '/admin/settings/video', guard: 'admin-auth', screen: () => import('./screens/admin/settings-video') },
  { path: '/admin/users/incomplete', guard: 'admin-auth', screen: () => import('./screens/admin/users-incomplete') },
  { path: '/admin/users/registered', guard: 'admin-auth', screen: () => import('./screens/admin/users-registered') },
  { path: '/admin/invites', guard: 'admin-auth', screen: () => import('./screens/admin/invites') },
  { path: '/settings/location', guard: 'admin-auth', screen: () => import('./screens/settings/location') },
  { path: '/settings', guard: 'completed-regn', screen: () => import('./screens/settings/settings') },

  { path: '/pages', guard: 'guest-or-authd', screen: () => import('./screens/pages/pages') },
  { path: '/pages/nearby', guard: 'none', screen: () => import('./screens/pages/nearby') },
  { path: '/pages/new', guard: 'authd-only', screen: () => import('./screens/pages/new') },

  { path: '/users', guard: 'none', screen: () => import('./screens/users/users') },
  { path: '/users/nearby', guard: 'authd-only', screen: () => import('./screens/users/nearby') },

  { path: '/events', guard: 'guest-or-authd', screen: () => import('./screens/events/events') },
  { path: '/event/:randomId', guard: 'guest-or-authd', screen: () => import('./screens/events/event') },
  { path: '/event/:randomId/edit', guard: 'authd-only', screen: () => import('./screens/events/event-edit') },

  { path: '/user/invites', guard: 'authd-only', screen: () => import('./screens/user/invites') },
  { path: '/user/interests', guard: 'completed-regn', screen: () => import('./screens/user/interests') },
  { path: '/user/my-interests', guard: 'completed-regn', screen: () => import('./screens/user/my-interests') },

  { path: '/nearby/plants', guard: 'authd-only', screen: () => import('./screens/plants/nearby-plants') },
  { path: '/_recent-plants', guard: 'none', screen: () => import('./screens/plants/recent-plants') },
  { path: '/plant/:plantId', guard: 'guest-or-authd', screen: () => import('./screens/plants/plant') },

  { path: '/profile', guard: 'authd-only', screen: () => import('./screens/profile/profile') },
  // Nested under /profile, so it cannot shadow a member's or page's handle.
  { path: '/profile/notifications', guard: 'authd-only', screen: () => import('./screens/profile/notifications') },
  { path: '/profile/plants', guard: 'authd-only', screen: () => import('./screens/profile/plants') },
  { path: '/profile/swaps', guard: 'authd-only', screen: () => import('./screens/profile/swaps') },
  { path: '/profile/wanted', guard: 'completed-regn', screen: () => import('./screens/profile/wanted') },
  { path: '/profile/plants/create', guard: 'authd-only', screen: () => import('./screens/profile/plant-create') },
  { path: '/profile/plants/edit/:plantId', guard: 'authd-only', screen: () => import('./screens/profile/plant-edit') },

  { path: '/post/:randomId', guard: 'none', screen: () => import('./screens/posts/post') },

  { path: '/messages', guard: 'authd-only', screen: () => import('./screens/messages/messages') },
  { path: '/messages/:username', guard: 'authd-only', screen: () => import('./screens/messages/conversation') },
  {
    path: '/messages/:userHandle/to/:pageHandle',
    guard: 'authd-only',
    screen: () => import('./screens/messages/page-conversation'),
  },

  { path: '/docs/terms-of-use', guard: 'none', screen: () => import('./screens/docs/terms-of-use') },
  { path: '/docs/privacy-policy', guard: 'none', screen: () => import('./screens/docs/privacy-policy') },
  // `support` is a reserved handle, so this cannot shadow a member's or page's. Guests are asked to sign in there.
  { path: '/support/contact', guard: 'guest-or-authd', screen: () => import('./screens/support/contact') },

  // Handles last in reading order (react-router ranks static segments above dynamic ones anyway).
  // `/:handle` also serves `/{username}-old` (guest-or-authd, like the page it redirects to).
  { path: '/:handle', guard: 'guest-or-authd', check: checkHandleOrOld, screen: () => import('./screens/handle/handle') },
  { path: '/:handle/edit', guard: 'authd-only', check: checkHandle, screen: () => import('./screens/handle/edit') },
  { path: '/:handle/events', guard: 'guest-or-authd', check: checkHandle, screen: () => import('./screens/handle/events') },
  { path: '/:handle/swaps', guard: 'guest-or-authd', check: checkHandle, screen: () => import('./screens/handle/swaps') },
  { path: '/:handle/events/new', guard: 'authd-only', check: checkHandle, screen: () => import('./screens/handle/event-new') },
];

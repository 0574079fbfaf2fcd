/**
 * The route guards, looked up by name (routes.ts gives each route one; guards.test.ts holds the
 * table of whom each one lets through, redirects or turns away). Each takes the auth state and
 * the current place and says: render, redirect, show the not-found page, or wait (the session
 * is still being checked).
 */
import type { AuthState } from '@/lib/auth/types';
import { loginHref, paths, type Place } from '@/config/paths';

export const GUARD_NAMES = [
  'none',
  'guest-or-authd',
  'logged-in-only',
  'authd-only',
  'completed-regn',
  'admin-auth',
] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

export type GuardResult =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' }
  | { kind: 'pending' };

export type Guard = (auth: AuthState, place: Place) => GuardResult;

const allow: GuardResult = { kind: 'allow' };
const pending: GuardResult = { kind: 'pending' };

/** Undefined while the answer is unknown: the first check, a profile still loading, a logout under way. */
function signedIn(auth: AuthState): boolean | undefined {
  if (auth.signingOut || auth.loggedIn === undefined) return undefined;
  if (auth.loggedIn && !auth.user) return undefined;
  return auth.loggedIn;
}

export const GUARDS: Readonly<Record<GuardName, Guard>> = {
  none: () => allow,
  // Guests and members alike; members read through the secured API.
  'guest-or-authd': () => allow,
  // Signed in, whatever the registration state (the onboarding screens).
  'logged-in-only': (auth, place) => {
    const s = signedIn(auth);
    if (s === undefined) return pending;
    return s ? allow : { kind: 'redirect', to: loginHref(place) };
  },
  // Signed in with a verified e-mail.
  'authd-only': (auth, place) => {
    const s = signedIn(auth);
    if (s === undefined) return pending;
    if (!s) return { kind: 'redirect', to: loginHref(place) };
    return auth.user?.email_verified ? allow : { kind: 'redirect', to: paths.verify };
  },
  // Signed in, verified and registered. A guest is asked to sign in first (coming back here
  // afterwards); a member who is not there yet goes to /auth/register.
  'completed-regn': (auth, place) => {
    const s = signedIn(auth);
    if (s === undefined) return pending;
    if (!s) return { kind: 'redirect', to: loginHref(place) };
    const u = auth.user;
    return u?.email_verified && u.registration_complete ? allow : { kind: 'redirect', to: paths.register };
  },
  // Admins only; everyone else sees the not-found page (the admin area does not advertise itself).
  'admin-auth': (auth) => {
    const s = signedIn(auth);
    if (s === undefined) return pending;
    return s && auth.user?.is_admin ? allow : { kind: 'not-found' };
  },
};

/** The guard of that name; any other name throws 'Unknown route middleware' (a typo in routes.ts fails loudly). */
export function resolveGuard(name: string): Guard {
  if (!Object.hasOwn(GUARDS, name)) throw new Error('Unknown route middleware');
  return GUARDS[name as GuardName];
}

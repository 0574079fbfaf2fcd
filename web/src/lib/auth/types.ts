/** The auth state of the SPA; the signed-in user is the `Profile` the API answers (shared/answers). */
import type { Profile } from '@shared/answers/auth';

export type { Profile };

/**
 * loggedIn is undefined until the first check answers, then true or false (see session.ts).
 * profileError: the profile (or the check that precedes it) could not be loaded.
 * signingOut: a logout is on its way to its target; guards wait instead of redirecting to login.
 */
export interface AuthState {
  loggedIn: boolean | undefined;
  user: Profile | null;
  profileError: boolean;
  signingOut: boolean;
}

/** A minimal shape check of a profile answer: the fields the SPA relies on. */
export function isProfile(value: unknown): value is Profile {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return typeof u.uuid === 'string' && typeof u.csrf_token === 'string';
}

/** The signed-in user as GET /api/iam/authn/profile answers it (spec §3 User, plus account state). */
export interface AuthUser {
  uuid: string;
  /** Null until registration is complete (the username is chosen in `register`). */
  username: string | null;
  email: string;
  /** Random per session family; every mutating call carries it in its body. */
  csrf_token: string;
  email_verified: boolean;
  registration_complete: boolean;
  is_admin: boolean;
  phone_verified?: boolean;
  suspended?: boolean;
  first_name?: string | null;
  last_name?: string | null;
  /** Object key in the public images bucket. */
  avatar?: string | null;
  location?: { latitude: number; longitude: number } | null;
  suburb_city?: string | null;
  state?: string | null;
  country?: string | null;
}

/**
 * loggedIn is undefined until the first check answers, then true or false (spec §4).
 * profileError: the profile (or the check that precedes it) could not be loaded.
 * signingOut: a logout is on its way to its target; guards wait instead of redirecting to login.
 */
export interface AuthState {
  loggedIn: boolean | undefined;
  user: AuthUser | null;
  profileError: boolean;
  signingOut: boolean;
}

/** A minimal shape check of a profile answer: the fields the SPA relies on. */
export function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return typeof u.uuid === 'string' && typeof u.csrf_token === 'string';
}

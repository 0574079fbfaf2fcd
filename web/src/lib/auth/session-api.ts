/** The session's own calls: whether a session exists, the profile, login and logout. */
import type { AuthenticationState } from '@shared/answers/auth';
import { api, ApiError } from '@/lib/api';
import { isProfile, type Profile } from './types';

/** GET /api/iam/authn/isauthenticated: whether the request carries a live session. */
export function isAuthenticated(): Promise<AuthenticationState> {
  // A probe: its answer is the information, so a 401 neither refreshes nor ends anything.
  return api.call('GET /api/iam/authn/isauthenticated', {}, { refreshOn401: false, endSessionOn401: false });
}

/** GET /api/iam/authn/profile: the signed-in user, with the csrf token of the session. */
export async function getProfile(): Promise<Profile> {
  // An expired access token is refreshed once; a refusal is reported, not redirected.
  const data = await api.call('GET /api/iam/authn/profile', {}, { endSessionOn401: false });
  if (!isProfile(data)) throw new ApiError(200, 'bad_response', 'The profile answer lacks uuid or csrf_token');
  return data;
}

/** POST /api/iam/authn/login: e-mail and password → session cookies and the profile. */
export interface LoginInput {
  email: string;
  password: string;
}

/** The profile when the answer carries one (it should), else null and the caller loads it. */
export async function postLogin(input: LoginInput): Promise<Profile | null> {
  const data = await api.call('POST /api/iam/authn/login', input, { refreshOn401: false, endSessionOn401: false });
  return isProfile(data) ? data : null;
}

/** POST /api/iam/authn/logout: revokes the refresh token and clears the cookies; always 200. */
export async function postLogout(): Promise<void> {
  await api.call('POST /api/iam/authn/logout', {}, { refreshOn401: false, endSessionOn401: false });
}

/** GET /api/iam/authn/profile: the signed-in user, with the csrf token of the session. */
import { api, ApiError } from '@/lib/api';
import { isProfile, type Profile } from '../types';

export async function getProfile(): Promise<Profile> {
  // An expired access token is refreshed once; a refusal is reported, not redirected.
  const data = await api.call('GET /api/iam/authn/profile', {}, { endSessionOn401: false });
  if (!isProfile(data)) throw new ApiError(200, 'bad_response', 'The profile answer lacks uuid or csrf_token');
  return data;
}

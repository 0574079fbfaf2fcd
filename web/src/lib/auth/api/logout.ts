/** POST /api/iam/authn/logout: revokes the refresh token and clears the cookies; always 200. */
import { api } from '@/lib/api';

export async function postLogout(): Promise<void> {
  await api.call('POST /api/iam/authn/logout', {}, { refreshOn401: false, endSessionOn401: false });
}

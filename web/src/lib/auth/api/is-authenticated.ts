/** GET /api/iam/authn/isauthenticated: whether the request carries a live session. */
import type { AuthenticationState } from '@shared/answers/identity';
import { api } from '@/lib/api';

export function isAuthenticated(): Promise<AuthenticationState> {
  // A probe: its answer is the information, so a 401 neither refreshes nor ends anything.
  return api.call('GET /api/iam/authn/isauthenticated', {}, { refreshOn401: false, endSessionOn401: false });
}

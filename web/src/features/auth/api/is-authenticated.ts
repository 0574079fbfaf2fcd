/** GET /api/iam/authn/isauthenticated: whether the request carries a live session. */
import { api } from '@/lib/api';

export function isAuthenticated(): Promise<{ loggedIn: boolean }> {
  // A probe: its answer is the information, so a 401 neither refreshes nor ends anything.
  return api.get<{ loggedIn: boolean }>('/api/iam/authn/isauthenticated', { refreshOn401: false, endSessionOn401: false });
}

/** GET /api/iam/authn/isauthenticated: whether the request carries a valid access token. */
import type { isAuthenticated as route } from '../../../shared/contract/auth';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ session }) => ({ loggedIn: session !== null });

/** GET /api/iam/authn/isauthenticated: whether the request carries a valid access token. */
import type { emptyInput } from '../../shared/schemas/identity';
import type { Main } from '../lib/route-types';

export const main: Main<typeof emptyInput> = async ({ session }) => ({ loggedIn: session !== null });

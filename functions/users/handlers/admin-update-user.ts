/** PUT /api/iam/users/{uuid} (admin): names, suspension, admin role (functions/auth/admin-user-update.ts). */
import type { adminUpdateUser as route } from '../../../shared/contract/users';
import type { Main } from '../../lib/route-types';
import { adminUpdateUser } from '../../auth/admin-user-update';
import { toAdminUser } from '../admin-view';

export const main: Main<typeof route> = async ({ input, session }) => toAdminUser(await adminUpdateUser(session.userId, input));

/**
 * GET /api/user/get-user-by-uuid/{uuid}: a member's public profile (404 for unknown or
 * unregistered accounts), with what the forms say others see; signed-in viewers also get the
 * pages the member belongs to. A suspended member's profile tells no more than `publicUser`.
 */
import type { getUserByUuid as route } from '../../../shared/contract/users';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { profilePages } from '../../pages/profile-pages';
import { getUser, toMemberDetails, toPublicUser } from '../users';

export const main: Main<typeof route> = async ({ input, session }) => {
  // The memberships are read beside the account (a guest's view names no pages).
  const [user, pages] = await Promise.all([getUser(input.uuid), session ? profilePages(input.uuid) : null]);
  const shown = user ? toPublicUser(user) : null;
  if (!user || !shown) throw notFound('No such user');
  if (user.suspended) return { ...shown, motivations: null, phone_verified: null, member_since: null, pages: null };
  return { ...shown, ...toMemberDetails(user), pages };
};

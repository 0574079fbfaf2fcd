/** GET /api/iam/users/user-or-page-messagee-by-handle/{handle}: whom a handle names, to write to. */
import type { messagee as route } from '../../../shared/contract/messages';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { shownPage } from '../../pages/pages';
import { getUser, handleOwner } from '../../users/users';
import { pageParty, userParty } from '../conversations';

export const main: Main<typeof route> = async ({ input, session }) => {
  const owner = await handleOwner(input.handle);
  if (owner?.ownerType === 'user') {
    const user = await getUser(owner.ownerId);
    if (user && !user.deletedAt && user.regState === 'complete' && user.username) return { messagee: userParty(user) };
  } else if (owner?.ownerType === 'page') {
    // A page an admin hid: to its staff and site admins alone.
    const page = await shownPage(owner.ownerId, session, 'handle', 'No member or page has this handle');
    return { messagee: pageParty(page) };
  }
  throw notFound('No member or page has this handle', 'handle');
};

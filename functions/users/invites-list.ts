/** GET /api/iam/users/invites: the caller's invites, newest first, cursor paged. */
import type { cursorQuery } from '../../shared/schemas/identity';
import type { Main } from '../lib/route-types';
import { invitesOf } from './invites';

export const main: Main<typeof cursorQuery> = async ({ input, session }) => {
  const { items, cursorId } = await invitesOf(session!.userId, input.cursorId);
  return { invites: items, cursorId };
};

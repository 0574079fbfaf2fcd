/** GET /api/ics/{token}: a member's private calendar feed; 404 for an unknown or rotated token. */
import type { icsFeed as route } from '../../../shared/contract/events';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { getUser } from '../../users/users';
import { memberCalendar } from '../calendar';
import { userOfToken } from '../feed-token';

export const main: Main<typeof route> = async ({ input }) => {
  const userId = await userOfToken(input.token);
  const user = userId ? await getUser(userId) : null;
  // A deleted or suspended account's feed ends with it.
  if (!userId || !user || user.deletedAt || user.suspended) throw notFound('There is no such calendar', 'token');
  return memberCalendar(userId);
};

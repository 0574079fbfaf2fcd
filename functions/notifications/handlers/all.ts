/** GET /api/iam/notifications/all: the caller's notifications, newest first, cursor paged. */
import type { all as route } from '../../../shared/contract/notifications';
import type { Main } from '../../lib/route-types';
import { notificationsOf } from '../notifications';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { items, cursorId } = await notificationsOf(session.userId, input.cursorId);
  return { notifications: items, cursorId };
};

/** GET /api/iam/notifications/all: the caller's notifications, newest first, cursor paged. */
import type { cursorQuery } from '../../shared/schemas/identity';
import type { Main } from '../lib/route-types';
import { notificationsOf } from './notifications';

export const main: Main<typeof cursorQuery> = async ({ input, session }) => {
  const { items, cursorId } = await notificationsOf(session!.userId, input.cursorId);
  return { notifications: items, cursorId };
};

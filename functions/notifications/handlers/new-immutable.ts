/**
 * POST /api/iam/notifications/new-immutable (admin): an announcement the recipient cannot delete,
 * to one user or to every registered user. The fan-out pages through the registered users here;
 * at scale a queue (one message per page of users) replaces it.
 */
import type { newImmutable as route } from '../../../shared/contract/notifications';
import { db } from '../../db/service';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { getUser } from '../../users/users';
import { writeNotification } from '../notifications';

const FAN_OUT_PAGE = 50;

export const main: Main<typeof route> = async ({ input }) => {
  const fields = { kind: 'announcement' as const, text: input.text, immutable: true };
  if (input.recipientId) {
    const user = await getUser(input.recipientId);
    if (!user) throw notFound('No such user');
    await writeNotification(user.uuid, fields);
    return { sent: 1 };
  }
  let sent = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { uuid: string }[]; cursor: string | null } = await db()
      .entities.user.query.byRegState({ regState: 'complete' })
      .go({ cursor, limit: FAN_OUT_PAGE });
    const written = await Promise.all(page.data.map((u) => writeNotification(u.uuid, fields)));
    sent += written.filter(Boolean).length;
    cursor = page.cursor;
  } while (cursor);
  return { sent };
};

/**
 * Blocking: one member blocks another (`user#<blocker>` / `block#<blocked>`), unblocks, and lists
 * whom they block. What a block withholds is read through functions/users/blocks.ts.
 */
import type { z } from 'zod';
import type { blocksAnswer } from '../../shared/answers/messages';
import type { BlockItem } from '../db/entities/conversation';
import { userPk } from '../db/entities/user';
import { db } from '../db/service';
import { failedChecks, txEntities, writeItems } from '../db/transact';
import { badRequest, notFound, serviceUnavailable, unauthorized } from '../lib/errors';
import { onePage } from '../lib/paging';
import { hitRateLimit } from '../lib/rate-limit';
import { SESSION_LIVE, unverifiedSessionGuard } from '../lib/session/live';
import type { Session } from '../lib/session/token';
import { accountGone } from '../users/author-live';
import { responderOf, usersAnd } from '../users/cards';
import { getUser } from '../users/users';

export async function block(session: Session, userId: string): Promise<void> {
  if (userId === session.userId) throw badRequest('You cannot block yourself', 'userId');
  // The blocker's own account first: an access token outlives a deletion by up to 15 minutes,
  // and a block written after the sweep would be left in the deleted account's partition.
  const [me, user] = await Promise.all([getUser(session.userId), getUser(userId)]);
  if (!me) throw accountGone();
  if (!user || user.deletedAt) throw notFound('There is no member with this id', 'userId');
  await hitRateLimit('BLOCK_USER', session.userId);
  const guard = unverifiedSessionGuard(session);
  if (!guard.length) {
    await db().entities.block.put({ blockerId: session.userId, blockedId: userId }).go();
    return;
  }
  const items = [txEntities().block.put({ blockerId: session.userId, blockedId: userId }).commit(), ...guard];
  const out = await writeItems(items);
  if (failedChecks(out, items).has(SESSION_LIVE)) throw unauthorized('Your session has ended; sign in again');
  if (out.canceled) throw serviceUnavailable('Could not save the block; try again');
}

export async function unblock(session: Session, userId: string): Promise<void> {
  await db().entities.block.delete({ blockerId: session.userId, blockedId: userId }).go();
}

export async function blockList(session: Session, cursorId: string | undefined): Promise<z.input<typeof blocksAnswer>> {
  const partition = { field: 'pk', value: userPk(session.userId), sort: { field: 'sk', test: (sk: string) => sk.startsWith('block#') } };
  const page = await onePage(cursorId, partition, (cursor) => db().entities.block.query.byBlocker({ blockerId: session.userId }).go({ cursor, limit: 50 }));
  const items = page.items as BlockItem[];
  const { users } = await usersAnd(items.map((b) => b.blockedId));
  return { blocks: items.map((b) => ({ user: responderOf(users.get(b.blockedId), b.blockedId), createdAt: b.createdAt })), cursorId: page.cursorId };
}


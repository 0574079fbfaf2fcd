/**
 * Account deletion, in an order that never leaves a half-deleted account: the user's
 * conversations first (on failure: log 'Cannot delete user conversations, user not deleted' and
 * stop, with nothing of the account removed), then one transaction marks
 * the account deleted and frees the handle and e-mail, then the rest of what is theirs is swept,
 * with their posts and plants (each leaving every list and count) and their page memberships
 * (the pages' counts following), then the avatar objects (the
 * avatar and any other upload under the member's avatar prefix); an e-mail confirms it. Their
 * comments and reactions on others' posts stay, shown as a former member's.
 */
import { siteCountItem } from '../db/items/feed-counter';
import { batchDelete, queryPage, type TableKey } from '../db/batch';
import { userPk } from '../db/entities/user';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { sweepsDeferred } from '../lib/deferred';
import { conflict, HttpError, notFound } from '../lib/errors';
import { deleteImage } from '../lib/images';
import { deleteAvatarsOf } from '../images/avatars';
import { logger } from '../lib/logger';
import { eraseAllConversationsOf } from '../messages/erasing';
import { sendAccountDeleted } from '../auth/mails';
import { withdrawAttendance } from '../events/attend';
import { deleteEventsOf } from '../events/removal';
import { leaveAllPages, pagesOnlyRunBy, stepDownFromPages } from '../pages/members';
import { removeExportOf } from '../exports/exports';
import { cancelSwapsOf } from '../swaps/sides';
import { removeWantedOf } from '../wanted/wanted';
import { deletePostsOf } from '../posts/write';
import { dropConnections } from '../realtime/connections';
import { getUser } from '../users/users';

export interface DeletionSteps {
  deleteConversations: (userId: string) => Promise<unknown>;
  /** Removes the member's avatar objects: the saved one and every upload under their prefix. */
  deleteAvatar: (userId: string, key: string | undefined) => Promise<void>;
  confirm: (email: string) => Promise<void>;
}

async function deleteAvatars(userId: string, key: string | undefined): Promise<void> {
  if (key) await deleteImage(key);
  await deleteAvatarsOf(userId);
}

const defaultSteps: DeletionSteps = { deleteConversations: eraseAllConversationsOf, deleteAvatar: deleteAvatars, confirm: sendAccountDeleted };

/** Removes every remaining item under the user's partition (sessions, settings, checks…); safe to run again. */
export async function sweepUser(userId: string): Promise<void> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryPage(userPk(userId), { attributes: ['pk', 'sk'], ...(startKey ? { start: startKey } : {}) });
    await batchDelete(page.items as TableKey[]);
    startKey = page.next;
  } while (startKey);
}

/**
 * `byAdmin`: a site admin removes the account; pages it alone ran keep going without a page
 * admin (site admins still manage them). A member deleting their own account must first name
 * another admin, or delete the page, for each page only they run (409 naming them).
 */
export async function deleteAccount(userId: string, steps: DeletionSteps = defaultSteps, opts: { byAdmin?: boolean } = {}): Promise<void> {
  const user = await getUser(userId);
  if (!user) throw notFound('No such user');
  if (!opts.byAdmin) {
    const alone = await pagesOnlyRunBy(userId);
    if (alone.length) {
      const names = alone.map((p) => `${p.name} (@${p.handle})`).join(', ');
      throw conflict(`You are the only admin of ${names}: make another member an admin, or delete the page, first`);
    }
    // The read above can race another admin's deletion: stepping down holds each page to an admin.
    await stepDownFromPages(userId);
  }

  try {
    await steps.deleteConversations(userId);
  } catch (err) {
    logger.error('Cannot delete user conversations, user not deleted', { error: err as Error, userId });
    throw new HttpError(500, 'deletion_failed', 'Could not delete the account; nothing was removed. Try again later');
  }

  const { uuid, updatedAt: previous, ...rest } = user;
  const { user: u, emailClaim, handleClaim } = txEntities();
  const items: TxItem[] = [
    named('account-unchanged', u.put({ uuid, ...rest, deletedAt: new Date().toISOString() }).where((a, op) => op.eq(a.updatedAt, previous)).commit()),
    emailClaim.delete({ email: user.email }).commit(),
    ...(user.username ? [handleClaim.delete({ handle: user.username }).where((a, op) => op.eq(a.ownerId, uuid)).commit()] : []),
    ...(user.regState === 'complete' && !user.deletedAt ? [siteCountItem('members', -1)] : []),
  ];
  const out = await writeItems(items);
  if (failedChecks(out, items).has('account-unchanged')) throw conflict('The account changed meanwhile; try again');
  if (out.canceled) {
    logger.error('Could not delete user', { userId, reasons: out.data });
    throw new HttpError(500, 'deletion_failed', 'Could not delete the account; try again later');
  }

  // Its open sockets receive nothing more.
  await dropConnections(userId).catch((err: unknown) => logger.error('Could not drop the deleted user\'s sockets', { error: err as Error, userId }));

  // Its data exports (the item goes with its partition, so read it before the sweep).
  await removeExportOf(userId).catch((err: unknown) => logger.error('Could not delete the deleted user\'s exports', { error: err as Error, userId }));

  // In the cloud the table's stream hands the marked account to the sweeper (its posts, then its partition).
  if (!sweepsDeferred()) {
    try {
      await deletePostsOf({ type: 'user', id: userId });
      await deleteEventsOf({ type: 'user', id: userId }, userId);
      await withdrawAttendance(userId);
      await cancelSwapsOf(userId);
      await removeWantedOf(userId);
      await leaveAllPages(userId);
      await sweepUser(userId);
    } catch (err) {
      // The account is marked deleted (readers treat it as gone); the sweep can run again.
      logger.error('sweep of a deleted user failed; it can be resumed', { error: err as Error, userId });
    }
  }
  await steps.deleteAvatar(userId, user.avatar).catch((err: unknown) => logger.error('Could not delete user avatar', { error: err as Error, userId }));
  await steps.confirm(user.email).catch((err: unknown) => logger.error('Could not send the deletion e-mail', { error: err as Error, userId }));
}

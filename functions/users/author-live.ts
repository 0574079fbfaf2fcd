/**
 * A write's proof that its author still has an account and is not suspended. An access token
 * lives up to 15 minutes after the account is deleted or suspended; without this check, what an
 * old cookie writes in that time (after the deletion sweep has run) would outlive the account, and
 * a suspended member would go on writing. The check rides in the write's own transaction: no
 * extra round trip, and no window between a read and the write.
 */
import { absent, and, ne, or, live } from '../db/condition';
import { userKey } from '../db/entities/user';
import { db } from '../db/service';
import { failedChecks, named, type TxItem, type TxOutcome } from '../db/transact';
import { conditionCheck } from '../db/write';
import { HttpError, unauthorized } from '../lib/errors';

const AUTHOR_LIVE = 'author-live';

/** Condition check: the user item exists, is not marked deleted and is not suspended. */
export function authorLiveCheck(userId: string): TxItem {
  return named(AUTHOR_LIVE, conditionCheck(userKey(userId), and(live(), or(absent('suspended'), ne('suspended', true)))));
}

export const accountGone = () => unauthorized('Your account no longer exists');
export const accountSuspended = () => new HttpError(403, 'suspended', 'Your account is suspended');

/**
 * Throws when the transaction of `items` was refused by its author check: 403 `suspended` for a
 * suspended account, else 401 (gone). Only a refused write reads the account, to tell which.
 */
export async function assertAuthorWasLive(out: TxOutcome, items: readonly TxItem[], userId: string): Promise<void> {
  if (!failedChecks(out, items).has(AUTHOR_LIVE)) return;
  const { data: user } = await db().entities.user.get({ uuid: userId }).go({ consistent: true });
  if (user && !user.deletedAt && user.suspended) throw accountSuspended();
  throw accountGone();
}

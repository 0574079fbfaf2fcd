/**
 * A write's proof that its author still has an account. An access token lives up to 15 minutes
 * after the account is deleted; without this check, what an old cookie writes in that time (after
 * the deletion sweep has run) would outlive the account. The check rides in the write's own
 * transaction: no extra round trip, and no window between a read and the write.
 */
import { tableName } from '../db/client';
import { userKey } from '../db/entities/user';
import { conditionFailed, type TxItem, type TxOutcome } from '../db/transact';
import { unauthorized } from '../lib/errors';

/** Condition check: the user item exists and is not marked deleted. */
export function authorLiveCheck(userId: string): TxItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: userKey(userId),
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
    },
  };
}

export const accountGone = () => unauthorized('Your account no longer exists');

/** Throws 401 when the transaction was refused because the author check at `index` failed. */
export function assertAuthorWasLive(out: TxOutcome, index: number): void {
  if (conditionFailed(out, index)) throw accountGone();
}

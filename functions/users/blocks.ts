/**
 * Who blocks whom, as the domains that leave something out read it: neither member is told of the
 * other's actions (comments, reactions, attendance, page requests), and the blocker's lists leave
 * out what the blocked member wrote (functions/feeds/list-page.ts, post-detail.ts,
 * nearby-plants.ts). Sending a message reads the same `blockKey` items itself, in the BatchGet
 * that reads the recipient's row (functions/messages/sending.ts: one call, not two). Blocking and
 * unblocking are messages' routes (functions/messages/blocks.ts).
 */
import { batchGet } from '../db/batch';
import { blockKey } from '../db/entities/conversation';
import { db } from '../db/service';

/** Whether either member blocks the other (one BatchGet): then neither is notified of the other's actions. */
export async function eitherBlocks(a: string, b: string): Promise<boolean> {
  return (await blockedEitherWay(a, [b])).size > 0;
}

/**
 * Those among `userIds` a block stands between with `memberId`, either way (one BatchGet of
 * both keys per id; `memberId` itself is never among them).
 */
export async function blockedEitherWay(memberId: string, userIds: readonly string[]): Promise<Set<string>> {
  const others = [...new Set(userIds)].filter((id) => id !== memberId);
  if (!others.length) return new Set();
  const blocks = await batchGet(others.flatMap((id) => [blockKey(memberId, id), blockKey(id, memberId)]));
  return new Set(blocks.map((b) => (String(b.pk) === `user#${memberId}` ? String(b.sk).slice('block#'.length) : String(b.pk).slice('user#'.length))));
}

/** Most blocks a list read takes into account (one or two Query pages). */
export const BLOCKS_READ_MAX = 1000;

/** Everyone the member blocks (a Query of their partition's `block#` items, at most BLOCKS_READ_MAX). */
export async function blockedBy(blockerId: string): Promise<Set<string>> {
  const { data } = await db().entities.block.query.byBlocker({ blockerId }).go({ limit: BLOCKS_READ_MAX });
  return new Set(data.map((b) => b.blockedId));
}

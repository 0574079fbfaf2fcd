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
  if (a === b) return false;
  return (await batchGet([blockKey(a, b), blockKey(b, a)])).length > 0;
}

/** Most blocks a list read takes into account (one or two Query pages). */
export const BLOCKS_READ_MAX = 1000;

/** Everyone the member blocks (a Query of their partition's `block#` items, at most BLOCKS_READ_MAX). */
export async function blockedBy(blockerId: string): Promise<Set<string>> {
  const { data } = await db().entities.block.query.byBlocker({ blockerId }).go({ limit: BLOCKS_READ_MAX });
  return new Set(data.map((b) => b.blockedId));
}

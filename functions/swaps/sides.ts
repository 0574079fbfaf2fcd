/**
 * What the swaps modules share and the account's sweep needs without the rest of the domain: the
 * sides of a swap, who hears of a side's move, the listing's name, and the cancelling of a deleted
 * account's open swaps.
 */
import type { PostItem } from '../db/entities/post';
import type { SwapItem } from '../db/entities/swap';
import type { SwapSide } from '../db/items/swap-record';
import { db } from '../db/service';
import { txEntities, writeItems, type TxItem } from '../db/transact';
import { logger } from '../lib/logger';
import { notificationWrite } from '../notifications/notifications';
import { pageAdminIds } from '../pages/members';
import { getPostItem } from '../posts/post-item';
import { blockedEitherWay } from '../users/blocks';

export type Side = SwapSide;

export const plantNameOf = (p: Pick<PostItem, 'plant'> | null): string | undefined => (p?.plant as { commonName?: string } | undefined)?.commonName || undefined;

/**
 * Who hears of a move: the other side (a page's side: its admins as they are now), less anyone
 * a block stands between with the mover, either way (a block made after the request).
 */
export async function otherSideOf(swap: SwapItem, side: Side, moverId: string): Promise<string[]> {
  const ids = side === 'owner' ? [swap.requesterId] : swap.ownerType === 'user' ? [swap.ownerId] : await pageAdminIds(swap.ownerId);
  const others = ids.filter((id) => id !== moverId);
  if (!others.length) return [];
  const blocked = await blockedEitherWay(moverId, others);
  return others.filter((id) => !blocked.has(id));
}

/**
 * A deleted account's open swaps (asked for, or on their listings), cancelled each in its own
 * transaction guarded on the swap's version, the other side told; run by the account's sweep, so
 * safe to run again (a swap closed meanwhile is left as it is). A swap handed over stays: the
 * requester still confirms it received.
 */
export async function cancelSwapsOf(userId: string): Promise<number> {
  const q = db().entities.swap.query;
  const open: SwapItem[] = [];
  for (const role of ['asked', 'offered'] as const) {
    let cursor: string | null = null;
    do {
      const page: { data: unknown[]; cursor: string | null } = await (role === 'asked' ? q.asked({ requesterId: userId }) : q.offered({ ownerType: 'user', ownerId: userId })).go({ cursor, limit: 100 });
      open.push(...(page.data as SwapItem[]).filter((s) => s.status === 'REQUESTED' || s.status === 'ACCEPTED'));
      cursor = page.cursor;
    } while (cursor);
  }
  let cancelled = 0;
  for (const listed of open) {
    // The index may lag a move: read the swap itself, and leave it if it has moved on.
    const { data } = await db().entities.swap.get({ id: listed.id }).go({ consistent: true });
    const swap = data as SwapItem | null;
    if (!swap || (swap.status !== 'REQUESTED' && swap.status !== 'ACCEPTED')) continue;
    const side: Side = swap.requesterId === userId ? 'requester' : 'owner';
    const [plant, recipients] = await Promise.all([getPostItem(swap.plantId), otherSideOf(swap, side, userId)]);
    const name = plantNameOf(plant);
    const now = new Date().toISOString();
    const { id, ...rest } = { ...swap, status: 'CANCELLED' as const, movedBy: userId, updatedAt: now, closedAt: now, version: swap.version + 1 };
    const { swap: swaps, swapOpen } = txEntities();
    const out = await writeItems([
      swaps.put({ id, ...rest }).where((a, op) => op.eq(a.version, swap.version)).commit(),
      swapOpen.delete({ plantId: swap.plantId, requesterId: swap.requesterId }).commit() as TxItem,
      ...recipients.flatMap((recipient) =>
        notificationWrite(recipient, {
          kind: 'swap', targetType: 'plant', targetId: swap.plantId, ...(name ? { targetName: name } : {}),
          text: `The swap${name ? ` of ${name}` : ''} was cancelled: the other side has left`,
        }),
      ),
    ]);
    if (out.canceled) logger.warn('a deleted member\'s swap moved meanwhile; left as it is', { swapId: swap.id });
    else cancelled += 1;
  }
  return cancelled;
}

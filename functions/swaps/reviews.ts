/**
 * Swap reviews and records (W4–W6, docs/data-model.md). Once a swap is RECEIVED, both sides have
 * SWAP_REVIEW_WINDOW_DAYS to review it (a page's side: any of its admins or moderators, for the
 * page). A review is shown only once both sides have written, or when the window closes, so
 * neither answers the other:
 * - the first review is stored unshown, with a check that the other's is still absent and the
 *   window still open;
 * - the second shows both in its own transaction, with both subjects' record counts, and closes
 *   the window;
 * - the scheduled job (`closeReviewWindows`) shows a lone review once its window has closed.
 * A record (completed, reviews, positive) is kept on write: `completed` by the RECEIVED move's
 * transaction (`receivedWrites`), the review counts by whichever write shows the review.
 */
import type { SwapRecord } from '../../shared/answers/swaps';
import type { SwapReviewInput } from '../../shared/schemas/swaps';
import { batchGet, queryPage } from '../db/batch';
import { absent, and, exists, gt } from '../db/condition';
import type { SwapItem } from '../db/entities/swap';
import { userKey, type UserItem } from '../db/entities/user';
import {
  RECORD_SORT, REVIEW_WINDOW_PREFIX, reviewClaimPut, reviewIdOf, SWAP_WORK_PK, reviewClosesAt, reviewCounts, reviewKey, reviewWindowKey, shownFields, swapRecordPk,
  type RecordOwnerType, type ReviewWindowItem, type SwapRecordItem, type SwapReviewItem, type SwapSide,
} from '../db/items/swap-record';
import { failedChecks, named, writeItems, type TxItem } from '../db/transact';
import { conditionCheck, deleteItem, putItem, updateItem } from '../db/write';
import { conflict, forbidden, notFound, serviceUnavailable } from '../lib/errors';
import { logger } from '../lib/logger';
import type { Session } from '../lib/session/token';
import { notificationWrite } from '../notifications/notifications';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { otherSideOf, plantNameOf } from './sides';
import { getSwap, moverNameOf, sideOf } from './swaps';
import { getPostItem } from '../posts/post-item';

/** Reviews a record shows (newest first). */
export const RECORD_REVIEWS = 50;

const otherSide = (side: SwapSide): SwapSide => (side === 'owner' ? 'requester' : 'owner');

/** Whose record a side's review counts in: the other side's. */
function subjectOf(swap: SwapItem, side: SwapSide): { subjectType: RecordOwnerType; subjectId: string } {
  return side === 'requester' ? { subjectType: swap.ownerType, subjectId: swap.ownerId } : { subjectType: 'user', subjectId: swap.requesterId };
}

/** Shows a stored review: guarded on its being unshown still, with its subject's counts. */
function showWrites(review: SwapReviewItem, shownAt: string): TxItem[] {
  const { shownAt: s, gsi1pk, gsi1sk } = shownFields(review, shownAt);
  return [
    named('other-unshown', updateItem({ key: reviewKey(review.swapId, review.side), set: { shownAt: s, gsi1pk, gsi1sk }, condition: and(exists(), absent('shownAt')) })),
    reviewCounts(review),
  ];
}

export type ReviewView = { id: string; swapId: string; rating: number; wasSafe: boolean; text: string; by: string | null; shown: boolean };

const reviewViewOf = (r: SwapReviewItem): ReviewView => ({ id: reviewIdOf(r.swapId, r.side), swapId: r.swapId, rating: r.rating, wasSafe: r.wasSafe, text: r.text, by: r.byId, shown: Boolean(r.shownAt) });

/** A side's review of a received swap (201), within its window; 409 naming why not. */
export async function reviewSwap(session: Session, input: SwapReviewInput): Promise<ReviewView> {
  if (session.suspended) throw forbidden('Your account is suspended');
  const swap = await getSwap(input.id);
  if (!swap) throw notFound('There is no such swap', 'id');
  const party = await sideOf(session, swap);
  if (!party) throw notFound('There is no such swap', 'id');
  if (swap.status !== 'RECEIVED' || !swap.receivedAt) throw conflict('A swap is reviewed once the plant is received', 'id');
  const closesAt = reviewClosesAt(swap.receivedAt);
  if (Date.now() >= Date.parse(closesAt)) throw conflict(`The review window closed on ${closesAt.slice(0, 10)}`, 'id');
  const { side } = party;
  const [plant, recipients, moverName] = await Promise.all([getPostItem(swap.plantId), otherSideOf(swap, side, session.userId), moverNameOf(party.page, session.userId)]);
  const name = plantNameOf(plant);

  // Of two reviews at once, the second to land sees the first: a write that finds the other's
  // review changed under it reads again (a few times at most).
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const found = (await batchGet([reviewKey(swap.id, 'owner'), reviewKey(swap.id, 'requester')], { consistent: true })) as unknown as SwapReviewItem[];
    const mine = found.find((r) => r.side === side) ?? null;
    const theirs = found.find((r) => r.side !== side) ?? null;
    if (mine) throw conflict(party.page ? 'The page has reviewed this swap already' : 'You have reviewed this swap already', 'id');
    const now = new Date().toISOString();
    const both = theirs !== null;
    const review: SwapReviewItem = {
      ...reviewKey(swap.id, side), swapId: swap.id, side, byId: session.userId, ...subjectOf(swap, side),
      rating: input.rating, wasSafe: input.wasSafe, text: input.text, createdAt: now,
    };
    if (both) Object.assign(review, shownFields(review, now));
    const window = reviewWindowKey(closesAt, swap.id);
    const items: TxItem[] = [
      named('mine-absent', putItem(review, absent())),
      reviewClaimPut(swap.id, side),
      authorLiveCheck(session.userId),
      ...party.checks,
      ...(both
        ? [
            // The second review: both show now, the window's work is done.
            ...(theirs.shownAt ? [] : showWrites(theirs, now)),
            reviewCounts(review),
            named('window-open', deleteItem(window, and(exists(), gt('closesAt', now)))),
          ]
        : [named('other-absent', conditionCheck(reviewKey(swap.id, otherSide(side)), absent())), named('window-open', conditionCheck(window, and(exists(), gt('closesAt', now))))]),
      ...recipients.flatMap((recipient) =>
        notificationWrite(recipient, {
          kind: 'swap', actorId: session.userId, targetType: 'plant', targetId: swap.plantId, ...(name ? { targetName: name } : {}),
          text: both
            ? `${moverName} reviewed the swap${name ? ` of ${name}` : ''}: both reviews now show`
            : `${moverName} reviewed the swap${name ? ` of ${name}` : ''}: write yours, and both show`,
        }),
      ),
    ];
    const out = await writeItems(items);
    if (!out.canceled) return reviewViewOf(review);
    const failed = failedChecks(out, items);
    if (failed.has('mine-absent')) throw conflict(party.page ? 'The page has reviewed this swap already' : 'You have reviewed this swap already', 'id');
    await assertAuthorWasLive(out, items, session.userId);
    if (failed.has('actor-role')) throw forbidden('Only the page\'s admins and moderators review its swaps');
    if (failed.has('other-absent') || failed.has('other-unshown')) continue;
    if (failed.has('window-open')) {
      // Closed now, or (a swap received before reviews existed) never opened.
      throw conflict(Date.now() >= Date.parse(closesAt) ? `The review window closed on ${closesAt.slice(0, 10)}` : 'This swap has no review window open', 'id');
    }
    break;
  }
  throw serviceUnavailable('The swap is busy; please try again');
}

/**
 * Closes the review windows due by now: shows each lone review (with its subject's counts) and
 * removes the window, in one transaction a swap. Idempotent: a window whose write fails stays for
 * the next run, which finds its reviews as they are then.
 */
export async function closeReviewWindows({ deadlineMs = Infinity, nowIso = new Date().toISOString() }: { deadlineMs?: number; nowIso?: string } = {}): Promise<{ closed: number; shown: number }> {
  let closed = 0;
  let shown = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryPage(SWAP_WORK_PK, { between: [REVIEW_WINDOW_PREFIX, `${REVIEW_WINDOW_PREFIX}${nowIso}`], limit: 100, ...(start ? { start } : {}) });
    start = page.next;
    for (const w of page.items as unknown as ReviewWindowItem[]) {
      if (Date.now() >= deadlineMs) return { closed, shown };
      const reviews = (await batchGet([reviewKey(w.swapId, 'owner'), reviewKey(w.swapId, 'requester')], { consistent: true })) as unknown as SwapReviewItem[];
      const lone = reviews.filter((r) => !r.shownAt);
      // A side that had not written when read must not write meanwhile, or its review would be left unshown.
      const unwritten = (['owner', 'requester'] as const).filter((side) => !reviews.some((r) => r.side === side));
      const out = await writeItems([
        ...lone.flatMap((r) => showWrites(r, nowIso)),
        ...unwritten.map((side) => conditionCheck(reviewKey(w.swapId, side), absent())),
        deleteItem({ pk: w.pk, sk: w.sk }, exists()),
      ]);
      if (out.canceled) {
        logger.warn('a review window changed while closing; the next run takes it', { swapId: w.swapId });
        continue;
      }
      closed += 1;
      shown += lone.length;
    }
  } while (start && Date.now() < deadlineMs);
  return { closed, shown };
}

/** A member's or a page's record: one Query of gsi1 (the record and its latest shown reviews), and one BatchGet of the reviewers, to leave out the deleted. */
export async function swapRecordOf(type: RecordOwnerType, id: string): Promise<SwapRecord> {
  const { items } = await queryPage(swapRecordPk(type, id), { index: 'gsi1', newestFirst: true, limit: RECORD_REVIEWS + 1 });
  const record = (items.find((i) => i.gsi1sk === RECORD_SORT) ?? {}) as SwapRecordItem;
  const reviews = (items.filter((i) => i.gsi1sk !== RECORD_SORT) as unknown as SwapReviewItem[]).slice(0, RECORD_REVIEWS);
  const byIds = [...new Set(reviews.map((r) => r.byId))];
  const live = new Set(
    (byIds.length ? ((await batchGet(byIds.map(userKey))) as unknown as UserItem[]) : []).filter((u) => !u.deletedAt).map((u) => u.uuid),
  );
  const count = Number(record.reviews ?? 0);
  return {
    completed: Math.max(0, Number(record.completed ?? 0)),
    positiveShare: count > 0 ? Math.min(1, Math.max(0, Number(record.positive ?? 0) / count)) : null,
    reviews: reviews.map((r) => ({ id: reviewIdOf(r.swapId, r.side), swapId: r.swapId, rating: r.rating, wasSafe: r.wasSafe, text: r.text, by: live.has(r.byId) ? r.byId : null })),
  };
}


/**
 * Swap reviews and records (W4–W6 in docs/data-model.md): raw items, not ElectroDB entities, so
 * that a review's place in its subject's record (gsi1) is written exactly when it is shown.
 *
 *   swap#<swapId>                 review#<side>                    a side's review (side: owner | requester)
 *   swaprecord#<type>#<id>        record                           completed, reviews, positive (ADD on write)
 *   swapwork                      reviews#<closesAt>#<swapId>      a swap's open review window (W6)
 *
 * On gsi1 the record and the shown reviews share one partition, `swaprecord#<type>#<id>`: the
 * record sorts last (`~record`), the reviews by when they were shown, so one Query newest first
 * reads the record and its latest reviews.
 */
import { createHash } from 'node:crypto';
import { SWAP_POSITIVE_RATING, SWAP_REVIEW_WINDOW_DAYS } from '../../../shared/schemas/swaps';
import type { SwapItem } from '../entities/swap';
import { getItem } from '../batch';
import { absent, and, exists } from '../condition';
import { named, type TxItem } from '../transact';
import { putItem, updateItem, type ItemKey } from '../write';

export type SwapSide = 'owner' | 'requester';
export type RecordOwnerType = 'user' | 'page';

export const swapRecordPk = (type: RecordOwnerType, id: string): string => `swaprecord#${type}#${id}`;
export const swapRecordKey = (type: RecordOwnerType, id: string): ItemKey => ({ pk: swapRecordPk(type, id), sk: 'record' });
/** The record's sort key on gsi1: after every review's time. */
export const RECORD_SORT = '~record';

export interface SwapRecordItem extends ItemKey {
  completed?: number;
  reviews?: number;
  positive?: number;
}

/** Adds to a member's or a page's record (made by its first change), in the transaction of the change. */
export function recordAdd(type: RecordOwnerType, id: string, deltas: Partial<Record<'completed' | 'reviews' | 'positive', number>>): TxItem {
  return updateItem({ key: swapRecordKey(type, id), set: { gsi1pk: swapRecordPk(type, id), gsi1sk: RECORD_SORT }, add: deltas });
}

export const reviewKey = (swapId: string, side: SwapSide): ItemKey => ({ pk: `swap#${swapId}`, sk: `review#${side}` });

/** A review's public id (what a report names): a UUID made from its swap and side, the same every time. */
export function reviewIdOf(swapId: string, side: SwapSide): string {
  const h = createHash('sha256').update(`review|${swapId}|${side}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Maps a review's id to its swap and side (W4b): put with the review, in its transaction. */
export const reviewClaimKey = (reviewId: string): ItemKey => ({ pk: `reviewid#${reviewId}`, sk: 'review' });

export interface ReviewClaimItem extends ItemKey {
  swapId: string;
  side: SwapSide;
}

export const reviewClaimPut = (swapId: string, side: SwapSide): TxItem => {
  const claim: ReviewClaimItem = { ...reviewClaimKey(reviewIdOf(swapId, side)), swapId, side };
  return putItem(claim);
};

export interface SwapReviewItem extends ItemKey {
  swapId: string;
  side: SwapSide;
  /** Who wrote it (a page's side: the staff member). */
  byId: string;
  /** Whose record it counts in: the other side. */
  subjectType: RecordOwnerType;
  subjectId: string;
  rating: number;
  wasSafe: boolean;
  text: string;
  createdAt: string;
  /** When it was shown (both sides written, or the window closed); with it, its place in the subject's record. */
  shownAt?: string;
  /** Hidden by an admin after a report: out of the record (its place and its counts taken back). */
  hiddenAt?: string;
  hiddenBy?: string;
  gsi1pk?: string;
  gsi1sk?: string;
}

/** What showing a review sets: when, and its place in its subject's record. */
export function shownFields(review: Pick<SwapReviewItem, 'subjectType' | 'subjectId' | 'swapId' | 'side'>, shownAt: string): Pick<SwapReviewItem, 'shownAt' | 'gsi1pk' | 'gsi1sk'> {
  return { shownAt, gsi1pk: swapRecordPk(review.subjectType, review.subjectId), gsi1sk: `${shownAt}#${review.swapId}#${review.side}` };
}

/** The record change a review makes once shown (or, `-1`, once an admin hides it). */
export const reviewCounts = (review: Pick<SwapReviewItem, 'subjectType' | 'subjectId' | 'rating'>, sign: 1 | -1 = 1): TxItem =>
  recordAdd(review.subjectType, review.subjectId, { reviews: sign, positive: review.rating >= SWAP_POSITIVE_RATING ? sign : 0 });

export const SWAP_WORK_PK = 'swapwork';
/** A swap's review window, from RECEIVED until it closes (or both sides have reviewed). */
export const reviewWindowKey = (closesAt: string, swapId: string): ItemKey => ({ pk: SWAP_WORK_PK, sk: `reviews#${closesAt}#${swapId}` });
export const REVIEW_WINDOW_PREFIX = 'reviews#';

export interface ReviewWindowItem extends ItemKey {
  swapId: string;
  closesAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a received swap's review window closes. */
export const reviewClosesAt = (receivedAt: string): string => new Date(Date.parse(receivedAt) + SWAP_REVIEW_WINDOW_DAYS * DAY_MS).toISOString();

/**
 * A member has received a listing's plant (W7): one completed swap per member and listing, so two
 * accounts cannot pile up records by swapping one listing back and forth.
 */
export const swapDoneKey = (plantId: string, requesterId: string): ItemKey => ({ pk: `swapdone#post#${plantId}`, sk: `user#${requesterId}` });

/** The RECEIVED move's own writes: one completed swap in each side's record, the member's receipt of the listing, and the review window opened. */
export function receivedWrites(swap: Pick<SwapItem, 'id' | 'ownerType' | 'ownerId' | 'requesterId' | 'plantId'>, receivedAt: string): TxItem[] {
  const closesAt = reviewClosesAt(receivedAt);
  const window: ReviewWindowItem = { ...reviewWindowKey(closesAt, swap.id), swapId: swap.id, closesAt };
  return [
    recordAdd(swap.ownerType, swap.ownerId, { completed: 1 }),
    recordAdd('user', swap.requesterId, { completed: 1 }),
    putItem({ ...swapDoneKey(swap.plantId, swap.requesterId), swapId: swap.id, receivedAt }),
    putItem(window),
  ];
}

/** The key of my side's review of a swap, as one of my lists shows it (asked: I requested; offered: I own). */
export const myReviewKey = (swapId: string, role: 'asked' | 'offered'): ItemKey => reviewKey(swapId, role === 'asked' ? 'requester' : 'owner');

/** A review as a report names it: by its id (W4b), with the review as stored; null when there is none. */
export async function reviewById(reviewId: string): Promise<SwapReviewItem | null> {
  const claim = (await getItem(reviewClaimKey(reviewId), { consistent: true })) as ReviewClaimItem | null;
  if (!claim) return null;
  return (await getItem(reviewKey(claim.swapId, claim.side), { consistent: true })) as SwapReviewItem | null;
}

/**
 * An admin hides a shown review after a report: it leaves its subject's record (its place on
 * gsi1 removed) and takes back its counts, in one write with `extra` (the reviewer's notice, the
 * case's close); guarded on its being shown and not hidden yet (`review-shown`). Null when there
 * is nothing to hide (gone, or hidden already).
 */
export function hideReviewItems(review: SwapReviewItem | null, adminId: string): TxItem[] | null {
  if (!review?.shownAt || review.hiddenAt) return null;
  return [
    named('review-shown', updateItem({
      key: reviewKey(review.swapId, review.side),
      set: { hiddenAt: new Date().toISOString(), hiddenBy: adminId },
      remove: ['gsi1pk', 'gsi1sk'],
      condition: and(exists('shownAt'), absent('hiddenAt')),
    })),
    reviewCounts(review, -1),
  ];
}

/** Swaps: a member asks for an available plant listing, and the two sides move it through its steps. */
import * as z from 'zod/mini';
import { choices, clientId, cursor, text, uuid } from './common';
import './locale';

/** Where a swap stands: REQUESTED → ACCEPTED or DECLINED → HANDED_OVER → RECEIVED; CANCELLED by either side before HANDED_OVER. */
export const SWAP_STATUSES = ['REQUESTED', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'HANDED_OVER', 'RECEIVED'] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];
/** The moves a side makes (every status but the first). */
export const SWAP_MOVES = ['ACCEPTED', 'DECLINED', 'CANCELLED', 'HANDED_OVER', 'RECEIVED'] as const;
export type SwapMove = (typeof SWAP_MOVES)[number];
/** The statuses after which nothing moves: the request is no longer open. */
export const SWAP_CLOSED: readonly SwapStatus[] = ['DECLINED', 'CANCELLED', 'RECEIVED'];
export const SWAP_ROLES = ['asked', 'offered'] as const;

/** The request's words: the first message of the two sides' conversation. */
export const SWAP_MESSAGE_MAX = 2000;

export const newSwapInput = z.strictObject({
  plantId: uuid,
  message: text(1, SWAP_MESSAGE_MAX),
  /** One of the requester's own available listings offered in return; absent: a give-away. */
  offer: z.optional(uuid),
  /** A client id that makes a retry answer the first request (the server makes one when absent). */
  id: z.optional(clientId),
});
export type NewSwapInput = z.infer<typeof newSwapInput>;

export const swapStatusInput = z.strictObject({
  id: uuid,
  status: z.enum(SWAP_MOVES, { message: `must be one of ${choices(SWAP_MOVES)}` }),
  /** ACCEPTED only: also mark the listing "Not available". */
  markUnavailable: z.optional(z.boolean({ message: 'must be true or false' })),
});
export type SwapStatusInput = z.infer<typeof swapStatusInput>;

export const mySwapsInput = z.strictObject({
  role: z.enum(SWAP_ROLES, { message: `must be one of ${choices(SWAP_ROLES)}` }),
  cursorId: z.optional(cursor),
  /** With role offered: the requests on a page's listings, for its admins and moderators. */
  pageId: z.optional(uuid),
});

/** How long after RECEIVED both sides may review the swap; a review shows once both have, or when this closes. */
export const SWAP_REVIEW_WINDOW_DAYS = 14;
export const SWAP_REVIEW_TEXT_MAX = 1000;
/** A review with at least this rating counts as positive in a record's share. */
export const SWAP_POSITIVE_RATING = 4;

export const swapReviewInput = z.strictObject({
  id: uuid,
  rating: z.number({ message: 'must be a number from 1 to 5' }).check(
    z.int({ message: 'must be a whole number from 1 to 5' }),
    z.gte(1, { message: 'must be a number from 1 to 5' }),
    z.lte(5, { message: 'must be a number from 1 to 5' }),
  ),
  /** Whether the reviewer felt safe meeting the other side. */
  wasSafe: z.boolean({ message: 'must be true or false' }),
  text: z._default(text(0, SWAP_REVIEW_TEXT_MAX), ''),
});
export type SwapReviewInput = z.infer<typeof swapReviewInput>;

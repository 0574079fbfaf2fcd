/** What the swap routes answer. */
import * as z from 'zod';
import { SWAP_STATUSES } from '../schemas/swaps';

const party = z.strictObject({
  type: z.enum(['user', 'page']),
  id: z.string(),
  handle: z.string().nullable().describe('null once the account or page is gone'),
  name: z.string(),
});

export const swapView = z.strictObject({
  id: z.string(),
  status: z.enum(SWAP_STATUSES),
  plantId: z.string(),
  requesterId: z.string(),
  ownerId: z.string().describe('The listing\'s owner: a member\'s uuid, or a page\'s id (ownerType page)'),
  ownerType: z.enum(['user', 'page']),
  offerId: z.string().nullable().describe('The requester\'s listing offered in return; null for a give-away'),
  message: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SwapView = z.output<typeof swapView>;

export const swapAnswer = z.strictObject({ swap: swapView });

/** A swap as the lists show it: the listing's name and photo, and the other side. */
export const swapCard = swapView.extend({
  plant: z.strictObject({ commonName: z.string(), photo: z.string().nullable() }).nullable().describe('null once the listing is deleted'),
  other: party.describe('The other side: the listing\'s owner in "asked", the requester in "offered"'),
  reviewClosesAt: z.string().nullable().describe('Once RECEIVED: when the two sides\' review window closes; null before'),
  reviewed: z.boolean().describe('Whether my side has reviewed this swap'),
});
export type SwapCard = z.output<typeof swapCard>;

export const swapList = z.strictObject({
  swaps: z.array(swapCard).describe('Newest first'),
  cursorId: z.string().nullable(),
});

/** A review as a record shows it. */
export const swapReviewView = z.strictObject({
  id: z.string().describe('The review\'s id: what a report of it names (target type `review`)'),
  swapId: z.string(),
  rating: z.number().int().min(1).max(5),
  wasSafe: z.boolean(),
  text: z.string(),
  by: z.string().nullable().describe('The reviewer\'s uuid (a page\'s side: the staff member who wrote it); null once their account is deleted'),
});

/** A member's or a page's swap record, kept on write. */
export const swapRecord = z.strictObject({
  completed: z.number().int().nonnegative().describe('Swaps received (RECEIVED) with this member or page on either side'),
  positiveShare: z.number().min(0).max(1).nullable().describe('Shown reviews received with a rating of 4 or 5 ÷ shown reviews received; null with none'),
  reviews: z.array(swapReviewView).describe('The shown reviews received, newest first (at most 50)'),
});
export type SwapRecord = z.output<typeof swapRecord>;

export const swapReviewAnswer = z.strictObject({
  review: swapReviewView.extend({ shown: z.boolean().describe('Whether it shows yet: once both sides have written, or the window has closed') }),
});

/** Swaps: requests on plant listings and the two sides' moves. */
import { swapAnswer, swapList, swapRecord as swapRecordAnswer, swapReviewAnswer } from '../answers/swaps';
import { uuidPathInput } from '../schemas/common';
import { mySwapsInput, newSwapInput, swapReviewInput, swapStatusInput } from '../schemas/swaps';
import { defineRoute } from './route';

export const newSwap = defineRoute({
  method: 'POST', path: '/api/iam/swaps/new', access: 'registered', status: 201, idempotent: true,
  input: newSwapInput, output: swapAnswer,
  errors: { 403: 'one\'s own listing', 404: 'no such plant listing', 409: 'not available (or a block either way), an open request already, or the id is another swap\'s', 429: 'past the swap request limit' },
  summary: 'Ask for an available plant listing: { plantId, message ≤ 2000, offer?: one of your own available listings (absent: a give-away), id?: a client uuid } → 201 { swap } (REQUESTED). The message becomes the first message of your conversation with the owner (a member, or the page). One open request per member and listing.',
});

export const swapStatus = defineRoute({
  method: 'PUT', path: '/api/iam/swaps/{id}/status', access: 'self',
  input: swapStatusInput, output: swapAnswer,
  errors: { 403: 'suspended, or a page role lost', 404: 'no such swap of yours', 409: 'a move out of order or by the wrong side (the message says why), or another move landed first' },
  summary: 'A side\'s move: { status: ACCEPTED | DECLINED | CANCELLED | HANDED_OVER | RECEIVED, markUnavailable?: (ACCEPTED only) also mark the listing "Not available" }. The owner (a page: its admins and moderators) accepts, declines and hands over; the requester confirms received; either cancels before the hand-over. Site admins make no moves. The other side is notified.',
});

export const mySwaps = defineRoute({
  method: 'GET', path: '/api/iam/swaps/mine/{role}', access: 'user',
  input: mySwapsInput, output: swapList,
  errors: { 400: 'pageId with role asked', 404: 'pageId: no such page, or not one of its admins or moderators' },
  summary: 'My swaps, newest first, cursor paged: role asked (the requests I made) or offered (the requests on my own listings; with ?pageId, on that page\'s listings, for its admins and moderators): { swaps, cursorId }, each with the listing\'s name and photo, the other side, and the review window once received.',
});

export const swapReview = defineRoute({
  method: 'POST', path: '/api/iam/swaps/{id}/review', access: 'self', status: 201,
  input: swapReviewInput, output: swapReviewAnswer,
  errors: { 403: 'suspended, or a page role lost', 404: 'no such swap of yours', 409: 'not received yet, the window has closed, or your side has reviewed it already' },
  summary: 'Review a swap once it is RECEIVED, within 14 days: { rating: 1-5, wasSafe, text? ≤ 1000 } → 201 { review }. One review a side (a page\'s side: any of its admins or moderators, for the page). A review shows only once both sides have written, or when the window closes, so neither answers the other; the other side is told.',
});

export const swapRecord = defineRoute({
  method: 'GET', path: '/api/user/{uuid}/swap-record', access: 'public',
  input: uuidPathInput, output: swapRecordAnswer,
  errors: { 404: 'unknown or unregistered account' },
  summary: 'A member\'s swap record, kept on write: { completed, positiveShare (reviews received rated 4 or 5 ÷ reviews received, null with none), reviews: the shown reviews received, newest first, at most 50 }. A page\'s swaps are the page\'s (swapRecord in GET /api/page/all-details/{handle}), in no member\'s.',
});

/** Swaps: requests on plant listings and the two sides' moves. */
import { swapAnswer, swapList } from '../answers/swaps';
import { mySwapsInput, newSwapInput, swapStatusInput } from '../schemas/swaps';
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
  summary: 'My swaps, newest first, cursor paged: role asked (the requests I made) or offered (the requests on my own listings): { swaps, cursorId }, each with the listing\'s name and photo and the other side.',
});

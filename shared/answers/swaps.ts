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
});
export type SwapCard = z.output<typeof swapCard>;

export const swapList = z.strictObject({
  swaps: z.array(swapCard).describe('Newest first'),
  cursorId: z.string().nullable(),
});

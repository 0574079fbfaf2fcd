/**
 * Swaps (W1–W3 in docs/data-model.md): a member's request for an available plant listing, moved
 * through its steps by the two sides. One open request per member and listing: an open marker
 * created with the swap (`attribute_not_exists`) and deleted by the move that closes it.
 */
import { Entity, type EntityItem } from 'electrodb';
import { SWAP_STATUSES } from '../../../shared/schemas/swaps';
import { OWNER_TYPES } from './owner';
import { SERVICE } from '../service-name';

export const Swap = () => new Entity({
  model: { entity: 'swap', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    plantId: { type: 'string', required: true, readOnly: true },
    /** The listing's owner (a member, or a page whose admins and moderators make the owner's moves). */
    ownerType: { type: OWNER_TYPES, required: true, readOnly: true },
    ownerId: { type: 'string', required: true, readOnly: true },
    requesterId: { type: 'string', required: true, readOnly: true },
    /** The requester's listing offered in return; absent for a give-away. */
    offerId: { type: 'string', readOnly: true },
    message: { type: 'string', required: true, readOnly: true },
    status: { type: SWAP_STATUSES, required: true },
    /** Who made the last move (a page's side: the staff member who made it). */
    movedBy: { type: 'string' },
    acceptedAt: { type: 'string' },
    handedOverAt: { type: 'string' },
    receivedAt: { type: 'string' },
    closedAt: { type: 'string' },
    /** Bumped by every move: a move is guarded on the version it read, so of two at once one wins. */
    version: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'swap#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'swap', casing: 'none' },
    },
    /** W2: the swaps a member asked for, newest first. */
    asked: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['requesterId'], template: 'swapsby#user#${requesterId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], template: '${createdAt}#${id}', casing: 'none' },
    },
    /** W3: the requests on an owner's listings (a member's or a page's), newest first. */
    offered: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['ownerType', 'ownerId'], template: 'swapsto#${ownerType}#${ownerId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'id'], template: '${createdAt}#${id}', casing: 'none' },
    },
  },
});

export type SwapItem = EntityItem<ReturnType<typeof Swap>>;

/** W1b: a member's open request on a listing (one at a time): created with the swap, deleted by the move that closes it. */
export const SwapOpen = () => new Entity({
  model: { entity: 'swapOpen', version: '1', service: SERVICE },
  attributes: {
    plantId: { type: 'string', required: true, readOnly: true },
    requesterId: { type: 'string', required: true, readOnly: true },
    swapId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byRequester: {
      pk: { field: 'pk', composite: ['plantId'], template: 'swapopen#post#${plantId}', casing: 'none' },
      sk: { field: 'sk', composite: ['requesterId'], template: 'user#${requesterId}', casing: 'none' },
    },
  },
});

export const swapKey = (id: string): { pk: string; sk: string } => ({ pk: `swap#${id}`, sk: 'swap' });

/**
 * An event's cover photo between upload and event: its prefix, the claim of a new upload (HEAD of
 * the object), and with retired-covers.ts the retirement of a replaced one (its record in the
 * event's own transaction, then the object). Only the routes that change covers import this, so
 * the others need no bucket grants.
 */
import { EVENT_IMAGE_KEY_PATTERN, EVENT_IMAGE_MAX_BYTES } from '../../shared/content-rules';
import type { TxItem } from '../db/transact';
import { claimImage } from '../images/avatars';
import { removeRetiredCover, retireCoverItem } from './retired-covers';

/** The prefix of an event's images. */
export const eventImagesPrefix = (eventId: string): string => `images/events/${eventId}/`;

export interface CoverOps {
  /** A cover upload of the actor's for this event, claimed (400 on `cover`). */
  claim: (userId: string, eventId: string, key: string) => Promise<TxItem>;
  retire: (userId: string, key: string) => TxItem;
  remove: (key: string) => Promise<void>;
}

/** A cover upload of the actor's, claimed for this event (400 on `cover`). */
export function claimCover(userId: string, eventId: string, key: string): Promise<TxItem> {
  return claimImage(userId, key, { pattern: EVENT_IMAGE_KEY_PATTERN, prefix: eventImagesPrefix(eventId), maxBytes: EVENT_IMAGE_MAX_BYTES, field: 'cover' });
}

export const coverOps: CoverOps = {
  claim: claimCover,
  retire: retireCoverItem,
  remove: removeRetiredCover,
};

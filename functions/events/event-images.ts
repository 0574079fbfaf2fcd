/**
 * An event's cover photo between upload and event: its prefix, the claim of a new upload (HEAD of
 * the object) and the retirement of a replaced one (a record due at once in the event's own
 * transaction, then the object). Only the routes that change covers import this, so the others
 * need no bucket grants.
 */
import { EVENT_IMAGE_KEY_PATTERN, EVENT_IMAGE_MAX_BYTES } from '../../shared/content-rules';
import { writeItems, type TxItem } from '../db/transact';
import { claimImage } from '../images/avatars';
import { removeRetiredUpload, retireUpload } from '../images/pending';

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

/**
 * A cover's upload URL may still work for minutes after the cover is replaced or removed: its
 * record waits for the sweep until the URL has expired (`urlsMayBeLive`), so whatever is PUT
 * through it meanwhile is removed too.
 */
export const coverOps: CoverOps = {
  claim: claimCover,
  retire: (userId, key) => retireUpload(userId, key, Date.now(), true),
  remove: (key) => removeRetiredUpload(key, true),
};

/** A deleted event's cover: retired as a replaced one is (its record first, then the object). */
export async function retireCover(userId: string, key: string): Promise<void> {
  const out = await writeItems([coverOps.retire(userId, key)]);
  if (out.canceled) throw new Error('could not record the retired cover');
  await coverOps.remove(key);
}

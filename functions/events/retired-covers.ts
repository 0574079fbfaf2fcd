/**
 * Covers no longer used (replaced, removed, or their event deleted). A cover's upload URL may
 * still work for minutes afterwards: its record waits for the sweep until the URL has expired
 * (`urlsMayBeLive`), so whatever is PUT through it meanwhile is removed too. Kept apart from the
 * claim of new covers (event-images.ts), so that deleting an event needs no read of the bucket.
 */
import { writeItems, type TxItem } from '../db/transact';
import { removeRetiredUpload, retireUpload } from '../images/pending';

/** The retired cover's record, for the transaction that stops using it. */
export const retireCoverItem = (userId: string, key: string): TxItem => retireUpload(userId, key, Date.now(), true);

/** Deletes the retired cover's object now, keeping its record for the sweep. */
export const removeRetiredCover = (key: string): Promise<void> => removeRetiredUpload(key, true);

/** A deleted event's cover: its record first, then the object. */
export async function retireCover(userId: string, key: string): Promise<void> {
  const out = await writeItems([retireCoverItem(userId, key)]);
  if (out.canceled) throw new Error('could not record the retired cover');
  await removeRetiredCover(key);
}

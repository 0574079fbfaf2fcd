/**
 * Photos in messages (M2b in docs/data-model.md): uploaded as post photos are, but under the
 * bucket's private prefix, which the CDN never serves, and shown only through presigned GETs
 * that the conversation's answer hands its participants.
 *
 * - `POST messages/photo-upload-url` records a pending upload (with the photo's pixels) and signs
 *   a PUT of `private/messages/user#<sender>/photo#<uploadId>` (and its small rendition), type and
 *   length bound in the signature.
 * - `POST messages/new` with `photos` claims the pending records in the message's own transaction
 *   (functions/images/pending.ts `claimUploads`: the objects are read back, size and type checked);
 *   the message keeps `{ id, width, height, small }` per photo; the keys follow from its sender.
 * - Reading a conversation signs a GET per photo (and its small rendition) for the reader, who has
 *   already been found a participant (or the page's staff). Signing is where the rule is made: no
 *   other code signs these keys.
 * - A message hidden by an admin, or erased with its conversation (account deletion), takes its
 *   photos with it: a record for the sweep is written first, then the objects are deleted, then
 *   the record, so a failure half-way leaves the sweep to finish.
 * - Unclaimed uploads are removed by the hourly sweep of pending uploads (`removeSweptMessagePhoto`
 *   in functions/lib/private-objects.ts).
 */
import type { MessagePhoto, MessagePhotoUpload } from '../../shared/answers/messages';
import type { PHOTO_TYPES } from '../../shared/content-rules';
import type { MessageItem } from '../db/entities/conversation';
import { db } from '../db/service';
import { named, txEntities, type TxItem } from '../db/transact';
import { logger } from '../lib/logger';
import {
  deleteMessagePhotoObjects, MESSAGE_PHOTO_KEY_PATTERN, messagePhotoKey, privatePutCommand, signPrivateView, smallMessagePhotoKey, verifyPrivateImage,
} from '../lib/private-objects';
import { claimUploads, putRetiredRecords, recordPendingUpload, retiredRecord, uploadUrlsMayBeLive, UPLOAD_URL_TTL_SECONDS, type UploadPlace } from '../images/pending';
import { signPut } from '../images/presigned-upload';

type PhotoType = (typeof PHOTO_TYPES)[number];

/** What a message keeps of each photo (the objects' keys follow from its sender and the id). */
export interface StoredPhoto {
  id: string;
  width: number;
  height: number;
  /** Whether its small rendition was uploaded. */
  small: boolean;
}

/** Named on each photo's claim in the message's transaction. */
export const PHOTO_CLAIMED = 'message-photo-claimed';

const MESSAGE_PHOTOS: UploadPlace = {
  owns: (key, userId) => MESSAGE_PHOTO_KEY_PATTERN.test(key) && key.startsWith(messagePhotoKey(userId, '')),
  verify: verifyPrivateImage,
  small: smallMessagePhotoKey,
};

/** A photo's upload for a message: its pending record (with the pixels), then the signed PUTs. */
export async function messagePhotoUploadUrl(
  userId: string,
  uploadId: string,
  input: { contentType: PhotoType; size: number; smallSize?: number; width: number; height: number },
): Promise<MessagePhotoUpload> {
  const key = messagePhotoKey(userId, uploadId);
  await recordPendingUpload(userId, key, input.contentType, input.size, Date.now(), { width: input.width, height: input.height });
  const headers = { 'content-type': input.contentType };
  const url = await signPut(privatePutCommand(key, input.contentType, input.size));
  const small =
    input.smallSize === undefined
      ? null
      : { url: await signPut(privatePutCommand(smallMessagePhotoKey(key), input.contentType, input.smallSize)), key: smallMessagePhotoKey(key), headers };
  return { id: uploadId, url, key, headers, expires_in: UPLOAD_URL_TTL_SECONDS, small };
}

/**
 * Checks the sender's pending uploads `ids` (400 naming `photos` and the photo at the first
 * problem) and answers what the message keeps of them, with the claims for its transaction:
 * each the delete of a pending record, conditioned on its still being there, so two messages
 * never claim one photo.
 */
export async function claimMessagePhotos(senderId: string, ids: string[], nowMs = Date.now()): Promise<{ photos: StoredPhoto[]; items: TxItem[] }> {
  const keys = ids.map((id) => messagePhotoKey(senderId, id));
  const claimed = await claimUploads(MESSAGE_PHOTOS, senderId, keys, 'photos', nowMs);
  const photos = ids.map((id, i) => {
    const record = claimed.records[i]!;
    return { id, width: record.width ?? 0, height: record.height ?? 0, small: claimed.small[i]! };
  });
  return { photos, items: claimed.items.map((item) => named(PHOTO_CLAIMED, item)) };
}

/** The photos of messages as their reader gets them: fresh presigned GETs; none for a hidden message. */
export async function photoViewsOf(message: Pick<MessageItem, 'senderId' | 'photos' | 'hiddenAt'>, nowMs = Date.now()): Promise<MessagePhoto[] | undefined> {
  if (!message.photos?.length || message.hiddenAt) return undefined;
  return Promise.all(
    message.photos.map(async (p) => {
      const key = messagePhotoKey(message.senderId, p.id);
      const [url, smallUrl] = await Promise.all([signPrivateView(key, nowMs), p.small ? signPrivateView(smallMessagePhotoKey(key), nowMs) : null]);
      return { id: p.id, url, width: p.width, height: p.height, smallUrl };
    }),
  );
}

/** The object keys of a message's photos. */
export function keysOfMessagePhotos(message: Pick<MessageItem, 'senderId' | 'photos'>): string[] {
  return (message.photos ?? []).map((p) => messagePhotoKey(message.senderId, p.id));
}

/**
 * Records that lead the sweep to photos about to lose their message, for the write that hides
 * or erases it: due at once, or once their upload URLs have expired when the message is new
 * enough for them to work (whatever is PUT through them meanwhile goes too).
 */
export function retirePhotoItems(message: Pick<MessageItem, 'senderId' | 'photos' | 'createdAt'>, nowMs = Date.now()): TxItem[] {
  return retiredRecordsOf(message, nowMs).map((record) => txEntities().pendingUpload.put(record).commit());
}

function retiredRecordsOf(message: Pick<MessageItem, 'senderId' | 'photos' | 'createdAt'>, nowMs: number) {
  const live = uploadUrlsMayBeLive(message.createdAt, nowMs);
  return keysOfMessagePhotos(message).map((key) => retiredRecord(message.senderId, key, nowMs, live));
}

/** As `retirePhotoItems`, written now (outside a transaction, several at a time): before the messages are deleted in batches. */
export async function retirePhotos(messages: Pick<MessageItem, 'senderId' | 'photos' | 'createdAt'>[], nowMs = Date.now()): Promise<void> {
  await putRetiredRecords(messages.flatMap((message) => retiredRecordsOf(message, nowMs)));
}


/**
 * After the write that retired them: deletes the photos' objects now, and their records unless
 * their upload URLs may still work (the sweep takes those later). A failure is left to the sweep.
 */
export async function removeRetiredPhotos(messages: Pick<MessageItem, 'senderId' | 'photos' | 'createdAt'>[], nowMs = Date.now()): Promise<void> {
  for (const message of messages) {
    const keepRecords = uploadUrlsMayBeLive(message.createdAt, nowMs);
    for (const key of keysOfMessagePhotos(message)) {
      try {
        await deleteMessagePhotoObjects(key);
        if (!keepRecords) await db().entities.pendingUpload.delete({ objectKey: key }).go();
      } catch (err) {
        logger.warn('could not delete a message photo now; the sweep of unused uploads will', { key, error: err as Error });
      }
    }
  }
}

/** Messages, blocks and live delivery: what clients send. */
import * as z from 'zod/mini';
import { MAX_PHOTOS_PER_MESSAGE } from '../content-rules';
import { BIDI_CONTROLS, clientId, cursor, handle, text, uuid } from './common';
import { photoUploadInput } from './images';
import './locale';
import { photoSide } from './posts';

/** A message's text: up to 4,000 characters (links are shown as links, never as HTML). */
export const MESSAGE_MAX = 4000;
/** At most this many message ids in one mark-as-seen. */
export const MARK_SEEN_MAX = 100;

const cursorId = z.optional(cursor);

export const newUserConversationInput = z.strictObject({
  participants: z.array(uuid, { message: 'must be a list of two member ids' }).check(
    z.length(2, { message: 'must hold exactly two member ids: yours and the other member\'s' }),
  ),
});

export const newPageConversationInput = z.strictObject({ userId: uuid, pageId: uuid });

/** The photos of a message: 1-4 ids of the sender's pending uploads (POST messages/photo-upload-url), each once. */
const messagePhotos = z.array(uuid, { message: 'must be a list of upload ids' }).check(
  z.minLength(1, { message: 'must hold at least 1 photo (leave it out for none)' }),
  z.maxLength(MAX_PHOTOS_PER_MESSAGE, { message: `must hold at most ${MAX_PHOTOS_PER_MESSAGE} photos` }),
  z.refine((ids) => new Set(ids).size === ids.length, { message: 'must not hold the same photo twice' }),
);

export const newMessageInput = z
  .strictObject({
    id: clientId,
    conversation_id: uuid,
    // Direction controls can make a link's visible text differ from where it leads.
    content: text(0, MESSAGE_MAX).check(z.refine((s) => !BIDI_CONTROLS.test(s), { message: 'must not contain text-direction control characters' })),
    photos: z.optional(messagePhotos),
  })
  // Empty text only with photos.
  .check(z.refine((m) => m.content.length > 0 || !!m.photos?.length, { message: 'is required (or send a photo)', path: ['content'] }));

/** POST messages/photo-upload-url: a photo for a message, as for a post's, with its size in pixels (the thread keeps its space). */
export const messagePhotoUploadInput = z.strictObject({
  ...photoUploadInput.def.shape,
  width: photoSide,
  height: photoSide,
});

/** GET conversation/{a}/{b}[/{c}]: the two participants in either order; `c` (or `cursorId`) pages back. */
export const conversationParams = z.strictObject({ a: uuid, b: uuid, cursorId });
export const conversationPagedParams = z.strictObject({
  a: uuid,
  b: uuid,
  c: cursor,
});

/** GET all: the caller's inbox, or with `pageId` the inbox of a page they answer for. */
export const inboxQuery = z.strictObject({ pageId: z.optional(uuid), cursorId });

export const deleteConversationInput = z.strictObject({ convnId: uuid });
export const deleteConversationsInput = z.strictObject({ uuid });

export const markMessagesSeenInput = z.strictObject({
  msgsArr: z.array(clientId, { message: 'must be a list of message ids' }).check(
    z.minLength(1, { message: 'must hold at least one message id' }),
    z.maxLength(MARK_SEEN_MAX, { message: `must hold at most ${MARK_SEEN_MAX} message ids` }),
  ),
});

export const messageeParams = z.strictObject({ handle });

export const muteConversationInput = z.strictObject({ convnId: uuid, muted: z.boolean({ message: 'must be true or false' }) });

export const newBlockInput = z.strictObject({ userId: uuid });
export const blockParams = z.strictObject({ userId: uuid });
export const blocksQuery = z.strictObject({ cursorId });

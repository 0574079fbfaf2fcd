/** Messages, blocks and live delivery: what clients send. */
import * as z from 'zod/mini';
import { BIDI_CONTROLS, clientId, cursor, handle, text, uuid } from './common';
import './locale';

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

export const newMessageInput = z.strictObject({
  id: clientId,
  conversation_id: uuid,
  // Direction controls can make a link's visible text differ from where it leads.
  content: text(1, MESSAGE_MAX).check(z.refine((s) => !BIDI_CONTROLS.test(s), { message: 'must not contain text-direction control characters' })),
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

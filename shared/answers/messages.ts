/** What the messages, blocks and realtime routes answer (the `data` of the success envelope). */
import * as z from 'zod';
import { responder } from './comments';
import { photoUpload } from './images';

const count = () => z.number().int().nonnegative();

/** A photo of a message: presigned GETs that work for a short while (read the conversation again for fresh ones). */
export const messagePhoto = z.strictObject({
  id: z.string().describe('The photo\'s upload id'),
  url: z.string().describe('A presigned GET of the photo (at least 15 minutes from the answer; only the conversation\'s participants get one)'),
  width: z.number().int().describe('In pixels, as the sender\'s browser measured it'),
  height: z.number().int(),
  smallUrl: z.string().nullable().describe('A presigned GET of its small rendition (at most 640 px wide), null without one'),
});
export type MessagePhoto = z.output<typeof messagePhoto>;

export const messageView = z.strictObject({
  id: z.string().describe('The client\'s id of the message (a UUID)'),
  conversationId: z.string(),
  content: z.string().describe('Plain text; clients show links as links, never as HTML'),
  senderId: z.string().describe('Always the member who wrote it'),
  asPageId: z.string().nullable().describe('Set when a page\'s admin or moderator answered as the page'),
  createdAt: z.string(),
  hidden: z.literal(true).optional().describe('Set when an admin hid it after a report: its content is empty, clients show a placeholder'),
  photos: z.array(messagePhoto).optional().describe('Its photos, in order, when it carries any (never on a hidden message)'),
});
export type MessageView = z.output<typeof messageView>;

/** One side of a conversation, as a card. */
export const party = z.strictObject({
  type: z.enum(['user', 'page']),
  id: z.string(),
  handle: z.string().describe('The username or the page\'s handle ("former-member" for a deleted account)'),
  name: z.string(),
  avatar: z.string().nullable().describe('The avatar\'s image key, null without one'),
});
export type Party = z.output<typeof party>;

export const conversationRow = z.strictObject({
  id: z.string(),
  convType: z.enum(['user-to-user', 'tomypage']),
  me: party.describe('The side the inbox belongs to: the caller, or the page they answer for'),
  with: party.describe('The other side'),
  lastMessageAt: z.string(),
  lastPreview: z.string().nullable().describe('The start of the last message'),
  lastSenderId: z.string().nullable(),
  unread: count(),
  muted: z.boolean(),
});
export type ConversationRow = z.output<typeof conversationRow>;

/** The unread collections of ../shared/spec/product-spec.md ("Entities and their fields"), kept on write (muted conversations are in none). */
export const unreadCollections = z.strictObject({
  conversationsNotOnMyPages: z.array(z.string()).describe('The caller\'s own conversations with unread messages'),
  conversationsOnMyPages: z.array(z.string()).describe('Unread conversations of the pages the caller answers for (admin or moderator)'),
  users: z.array(z.string()).describe('Members on the other side of those conversations'),
  pages: z.array(z.string()).describe('Pages on the other side of the caller\'s unread conversations, and the caller\'s pages with unread conversations'),
});
export type UnreadCollections = z.output<typeof unreadCollections>;

export const inboxAnswer = z.strictObject({
  conversations: z.array(conversationRow).describe('Newest activity first'),
  cursorId: z.string().nullable().describe('Pass it back as cursorId for the next page; null on the last page'),
  unread: unreadCollections,
  unreadMsgsTally: count(),
});
export type InboxAnswer = z.output<typeof inboxAnswer>;

export const unreadMsgsTally = z.strictObject({
  unreadMsgsTally: count().describe('Unread messages in the caller\'s conversations and those of the pages they answer for (muted ones aside)'),
});

export const conversationAnswer = z.strictObject({
  conversation: conversationRow,
  messages: z.array(messageView).describe('Newest first'),
  cursorId: z.string().nullable().describe('Pass it back (as the third path segment or cursorId) for earlier messages; null at the first message'),
});
export type ConversationAnswer = z.output<typeof conversationAnswer>;

export const convnIdAnswer = z.strictObject({ convnId: z.string() });
export const messageAnswer = z.strictObject({ message: messageView });
export const conversationHidden = z.strictObject({ hidden: count().describe('How many conversations were hidden') });
export const mutedAnswer = z.strictObject({ muted: z.boolean() });

export const messageeAnswer = z.strictObject({ messagee: party });

export const blockedUser = z.strictObject({
  user: responder,
  createdAt: z.string(),
});
export const blocksAnswer = z.strictObject({ blocks: z.array(blockedUser), cursorId: z.string().nullable() });
export const blockAnswer = z.strictObject({ blocked: z.boolean() });

export const ticketAnswer = z.strictObject({ url: z.string().describe('The WebSocket URL with a one-time ?ticket= valid 60 s') });

/** POST messages/photo-upload-url: a post photo's upload, with the id a message names it by. */
export const messagePhotoUpload = photoUpload.extend({
  id: z.string().describe('The upload\'s id: name it in photos of POST messages/new'),
});
export type MessagePhotoUpload = z.output<typeof messagePhotoUpload>;

/**
 * Conversations (M1–M6 in docs/data-model.md). Everything of one conversation lives in its
 * partition `conv#<id>`:
 * - `conversation` (sk `conv`): who takes part (written once; each side's activity is on its
 *   participant item);
 * - `conversationParticipant` (sk `part#<participantType>#<participantId>`): one per participant (a member or a
 *   page), with its unread count, `lastReadAt`, muted and hidden flags and the preview its inbox
 *   row shows. Its `gsi1` keys place it in the participant's inbox, newest activity first; they
 *   are removed while the participant has hidden the conversation, so the inbox is one Query;
 * - `message` (sk `msg#<13-digit ms>#<id>`): sorted by time, paged by cursor.
 *
 * Beside them: `messageClaim` (`msgid#<id>`) claims the client's message id in the send's
 * transaction (a retry finds it, and mark-as-seen finds a message's conversation from its id
 * alone); `messageTally` (`<owner pk>` / `msg-tally`) is a member's or a page's unread tally, kept
 * by `ADD` in the transaction that changes it (the unread conversations are the participants'
 * sparse unread index, M5b); `block`
 * (`user#<blocker>` / `block#<blocked>`) is one member blocking another.
 */
import { createHash } from 'node:crypto';
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';
import { OWNER_TYPES, type OwnerRef, type OwnerType } from './owner';

export const CONV_TYPES = ['user-to-user', 'tomypage'] as const;
export type ConvType = (typeof CONV_TYPES)[number];
export const PARTICIPANT_TYPES = OWNER_TYPES;
export type ParticipantType = OwnerType;

export const Conversation = () => new Entity({
  model: { entity: 'conversation', version: '2', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    convType: { type: CONV_TYPES, required: true, readOnly: true },
    /** The two participants, sorted: member ids, or a member's and a page's. */
    participantIds: { type: 'list', items: { type: 'string' }, required: true, readOnly: true },
    /** The member of a member-to-page conversation. */
    userId: { type: 'string', readOnly: true },
    /** The page of a member-to-page conversation. */
    pageId: { type: 'string', readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'conv#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'conv', casing: 'none' },
    },
  },
});

export const ConversationParticipant = () => new Entity({
  model: { entity: 'conversationParticipant', version: '1', service: SERVICE },
  attributes: {
    conversationId: { type: 'string', required: true, readOnly: true },
    participantId: { type: 'string', required: true, readOnly: true },
    participantType: { type: PARTICIPANT_TYPES, required: true, readOnly: true },
    otherId: { type: 'string', required: true, readOnly: true },
    otherType: { type: PARTICIPANT_TYPES, required: true, readOnly: true },
    convType: { type: CONV_TYPES, required: true, readOnly: true },
    /** The other side's messages after `lastReadKey` (withheld ones never count). */
    unread: { type: 'number', required: true, default: 0 },
    lastReadAt: { type: 'string' },
    /** The sort key of the last message read (exact, where two messages share a millisecond). */
    lastReadKey: { type: 'string' },
    /** Set when this side hid the conversation: it no longer sees the messages up to this key. */
    clearedKey: { type: 'string' },
    lastMessageAt: { type: 'string', required: true },
    lastPreview: { type: 'string' },
    lastSenderId: { type: 'string' },
    muted: { type: 'boolean', required: true, default: false },
    hidden: { type: 'boolean', required: true, default: true },
  },
  indexes: {
    byConversation: {
      pk: { field: 'pk', composite: ['conversationId'], template: 'conv#${conversationId}', casing: 'none' },
      sk: { field: 'sk', composite: ['participantType', 'participantId'], template: 'part#${participantType}#${participantId}', casing: 'none' },
    },
    inbox: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['participantType', 'participantId'], template: 'inbox#${participantType}#${participantId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['lastMessageAt', 'conversationId'], template: '${lastMessageAt}#${conversationId}', casing: 'none' },
      // Never written by ElectroDB: the writes of functions/messages/ (sending.ts, participant-writes.ts) set these keys
      // while the conversation is shown and remove them while it is hidden (a sparse inbox).
      condition: () => false,
    },
    /**
     * Sparse: a participant's conversations with unread messages that are not muted (M5b), the
     * unread collections of `messages/all`. Never written by ElectroDB: the writes that move
     * `unread` or `muted` set these keys when the participant has unread and is not muted, and
     * remove them otherwise (functions/messages/participant-writes.ts `unreadPlace`).
     */
    unread: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['participantType', 'participantId'], template: 'unread#${participantType}#${participantId}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['conversationId'], template: '${conversationId}', casing: 'none' },
      condition: () => false,
    },
    /** Every conversation of a participant, hidden ones included (erasing an account's). */
    byParticipant: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['participantType', 'participantId'], template: 'convsof#${participantType}#${participantId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['conversationId'], template: '${conversationId}', casing: 'none' },
    },
  },
});

export const Message = () => new Entity({
  model: { entity: 'message', version: '1', service: SERVICE },
  attributes: {
    conversationId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    /** The creation time in ms, 13 digits: the sort key's time part. */
    sentMs: { type: 'string', required: true, readOnly: true },
    /** Always the member who wrote it. */
    senderId: { type: 'string', required: true, readOnly: true },
    /** Set when a page's staff member answered as the page. */
    asPageId: { type: 'string', readOnly: true },
    content: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    /** Sent by a member the recipient blocks: shown to its sender only, counted nowhere. */
    withheld: { type: 'boolean', readOnly: true },
    /** Its photos (functions/messages/photos.ts): the objects' keys follow from the sender and each id. */
    photos: {
      type: 'list',
      readOnly: true,
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          width: { type: 'number', required: true },
          height: { type: 'number', required: true },
          small: { type: 'boolean', required: true },
        },
      },
    },
    /** Set when an admin hid it after a report: both sides see a placeholder, never its text. */
    hiddenAt: { type: 'string' },
    hiddenBy: { type: 'string' },
  },
  indexes: {
    byConversation: {
      pk: { field: 'pk', composite: ['conversationId'], template: 'conv#${conversationId}', casing: 'none' },
      sk: { field: 'sk', composite: ['sentMs', 'id'], template: 'msg#${sentMs}#${id}', casing: 'none' },
    },
  },
});

export const MessageClaim = () => new Entity({
  model: { entity: 'messageClaim', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    conversationId: { type: 'string', required: true, readOnly: true },
    senderId: { type: 'string', required: true, readOnly: true },
    sentMs: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'msgid#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'msgid', casing: 'none' },
    },
  },
});

/** The tally's model: raw `ADD` updates write these markers so a new item parses as a messageTally. */
export const MESSAGE_TALLY_MODEL = { entity: 'messageTally', version: '1' } as const;

export const MessageTally = () => new Entity({
  model: { ...MESSAGE_TALLY_MODEL, service: SERVICE },
  attributes: {
    /** `user#<id>` or `page#<id>`. */
    ownerPk: { type: 'string', required: true, readOnly: true },
    unread: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byOwner: {
      pk: { field: 'pk', composite: ['ownerPk'], template: '${ownerPk}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'msg-tally', casing: 'none' },
    },
  },
});

export const Block = () => new Entity({
  model: { entity: 'block', version: '1', service: SERVICE },
  attributes: {
    blockerId: { type: 'string', required: true, readOnly: true },
    blockedId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byBlocker: {
      pk: { field: 'pk', composite: ['blockerId'], template: 'user#${blockerId}', casing: 'none' },
      sk: { field: 'sk', composite: ['blockedId'], template: 'block#${blockedId}', casing: 'none' },
    },
  },
});

export type ConversationItem = EntityItem<ReturnType<typeof Conversation>>;
export type ParticipantItem = EntityItem<ReturnType<typeof ConversationParticipant>>;
export type MessageItem = EntityItem<ReturnType<typeof Message>>;
export type MessageTallyItem = EntityItem<ReturnType<typeof MessageTally>>;
export type BlockItem = EntityItem<ReturnType<typeof Block>>;

/** Keys spelled out for raw updates, BatchGets and condition checks (held to the templates by content-keys.test.ts). */
export const convPk = (id: string): string => `conv#${id}`;
export const conversationKey = (id: string): { pk: string; sk: string } => ({ pk: convPk(id), sk: 'conv' });
export const participantKey = (conversationId: string, p: OwnerRef): { pk: string; sk: string } => ({ pk: convPk(conversationId), sk: `part#${p.type}#${p.id}` });
export const messageSk = (sentMs: string, id: string): string => `msg#${sentMs}#${id}`;
export const messageClaimKey = (id: string): { pk: string; sk: string } => ({ pk: `msgid#${id}`, sk: 'msgid' });
export const messageTallyKey = (ownerPk: string): { pk: string; sk: string } => ({ pk: ownerPk, sk: 'msg-tally' });
export const blockKey = (blockerId: string, blockedId: string): { pk: string; sk: string } => ({ pk: `user#${blockerId}`, sk: `block#${blockedId}` });
export const inboxPk = (p: OwnerRef): string => `inbox#${p.type}#${p.id}`;
export const inboxSk = (lastMessageAt: string, conversationId: string): string => `${lastMessageAt}#${conversationId}`;
/** A participant row's place in its owner's inbox (index gsi1), for an update that moves it to the top. */
export const inboxPlace = (p: OwnerRef, lastMessageAt: string, conversationId: string): { gsi1pk: string; gsi1sk: string } => ({ gsi1pk: inboxPk(p), gsi1sk: inboxSk(lastMessageAt, conversationId) });
/** The attributes an update removes to take a participant row out of its owner's inbox (a hidden conversation). */
export const INBOX_PLACE_FIELDS = ['gsi1pk', 'gsi1sk'] as const;

/** The keys that file a participant with unread, unmuted messages in its owner's unread index (M5b). */
export const UNREAD_PLACE_FIELDS = ['gsi3pk', 'gsi3sk'] as const;
export function unreadPlace(p: { participantType: ParticipantType; participantId: string; conversationId: string }): { gsi3pk: string; gsi3sk: string } {
  return { gsi3pk: `unread#${p.participantType}#${p.participantId}`, gsi3sk: p.conversationId };
}

/**
 * The conversation of two participants: the same pair always gets the same id, a UUID made from
 * the SHA-256 of the sorted `<kind>#<id>` of both (version and variant bits set as a name-based
 * UUID's are). The kinds are part of it: a page's conversation never shares a member's id.
 */
export function conversationIdOf(x: OwnerRef, y: OwnerRef): string {
  const [a, b] = [`${x.type}#${x.id.toLowerCase()}`, `${y.type}#${y.id.toLowerCase()}`].sort();
  const h = createHash('sha256').update(`${a}|${b}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

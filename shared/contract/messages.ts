/** The messages, blocks and realtime routes' contract. */
import {
  blockAnswer, blocksAnswer, messagePhotoUpload as messagePhotoUploadAnswer, conversationAnswer, conversationHidden, convnIdAnswer, inboxAnswer, messageAnswer, messageeAnswer, mutedAnswer, ticketAnswer, unreadMsgsTally,
} from '../answers/messages';
import { noInput } from '../schemas/common';
import {
  blockParams, blocksQuery, conversationPagedParams, conversationParams, deleteConversationInput, deleteConversationsInput, inboxQuery, markMessagesSeenInput,
  messageeParams, messagePhotoUploadInput, muteConversationInput, newBlockInput, newMessageInput, newPageConversationInput, newUserConversationInput,
} from '../schemas/messages';
import { defineRoute } from './route';

export const all = defineRoute({
  method: 'GET', path: '/api/iam/messages/all', access: 'user',
  input: inboxQuery, output: inboxAnswer,
  errors: { 403: 'a page\'s inbox asked for by someone not its admin or moderator' },
  summary: 'The caller\'s inbox (or, with pageId, the inbox of a page they are admin or moderator of), newest activity first, cursor paged, with the unread collections and unreadMsgsTally. Hidden conversations are left out until a new message arrives.',
});

export const unreadTally = defineRoute({
  method: 'GET', path: '/api/iam/messages/unread-tally', access: 'user',
  input: noInput, output: unreadMsgsTally,
  summary: '{ unreadMsgsTally }: unread messages of the caller and of the pages they answer for, kept on write.',
});

export const conversation = defineRoute({
  method: 'GET', path: '/api/iam/messages/conversation/{a}/{b}', access: 'user',
  input: conversationParams, output: conversationAnswer,
  errors: { 404: 'no such conversation of the caller\'s' },
  summary: 'The conversation between a and b (two members, or a member and a page; either order), newest messages first, cursor paged. 404 unless the caller takes part (or answers for the page).',
});

export const conversationEarlier = defineRoute({
  method: 'GET', path: '/api/iam/messages/conversation/{a}/{b}/{c}', access: 'user',
  input: conversationPagedParams, output: conversationAnswer,
  summary: 'As /conversation/{a}/{b}, from the cursor c on (earlier messages).',
});

export const newUserConversation = defineRoute({
  method: 'POST', path: '/api/iam/messages/new-u-to-u-conversation', access: 'registered',
  input: newUserConversationInput, output: convnIdAnswer,
  errors: { 404: 'no member with this id', 429: 'past the new-conversation limit' },
  summary: 'participants: [the caller\'s uuid, the other member\'s uuid] → { convnId }; the same pair always gets the same conversation.',
});

export const newPageConversation = defineRoute({
  method: 'POST', path: '/api/iam/messages/new-u-to-p-conversation', access: 'registered',
  input: newPageConversationInput, output: convnIdAnswer,
  errors: { 404: 'no such page', 429: 'past the new-conversation limit' },
  summary: 'userId (the caller), pageId → { convnId }; the same member and page always get the same conversation. The page\'s admins and moderators answer as the page.',
});

export const newMessage = defineRoute({
  method: 'POST', path: '/api/iam/messages/new', access: 'registered', status: 201, idempotent: true,
  input: newMessageInput, output: messageAnswer,
  errors: { 400: 'a photo that is not one of the caller\'s pending message photos', 404: 'no such conversation of the caller\'s', 409: 'the message id is taken', 429: 'past the message limit' },
  summary: 'id (client UUID; a retry answers the same message), conversation_id, content (up to 4000 characters; required unless photos), photos? (1-4 ids from POST messages/photo-upload-url, claimed by the message) → { message }. Participants only (404 otherwise); a page\'s staff write as the page.',
});

export const messagePhotoUpload = defineRoute({
  method: 'POST', path: '/api/iam/messages/photo-upload-url', access: 'registered',
  input: messagePhotoUploadInput, output: messagePhotoUploadAnswer,
  errors: { 429: 'past the upload limit' },
  summary: 'A presigned PUT (5 min; JPEG, PNG or WebP; at most 10 MB; type and length signed) for a photo of a message, under the bucket\'s private prefix, which the CDN never serves: { id, url, key, headers, expires_in, small }. width and height are the photo\'s pixels. Name the id in photos of POST messages/new; unused uploads are removed within a day. Only the conversation\'s participants ever get a GET of it. 429 after 150 uploads (of any kind) in an hour.',
});

export const deleteConversation = defineRoute({
  method: 'DELETE', path: '/api/iam/messages/conversation', access: 'user',
  input: deleteConversationInput, output: conversationHidden,
  errors: { 404: 'no such conversation of the caller\'s' },
  summary: 'Hides the conversation convnId for the caller only (its unread leave the tally); it comes back when a new message arrives.',
});

export const deleteConversations = defineRoute({
  method: 'DELETE', path: '/api/iam/messages/conversations', access: 'self',
  input: deleteConversationsInput, output: conversationHidden,
  summary: 'Hides every conversation of the member uuid (the caller) for them, as DELETE conversation does for one.',
});

export const muteConversation = defineRoute({
  method: 'PUT', path: '/api/iam/messages/conversation/mute', access: 'user',
  input: muteConversationInput, output: mutedAnswer,
  errors: { 404: 'no such conversation of the caller\'s' },
  summary: 'Mutes (muted: true) or unmutes the conversation convnId for the caller: a muted conversation\'s messages stay unread in the inbox but leave the tally and the unread collections.',
});

export const markAsSeen = defineRoute({
  method: 'PUT', path: '/api/messages/mark-as-seen', access: 'user',
  input: markMessagesSeenInput, output: unreadMsgsTally,
  summary: 'msgsArr: message ids; each one\'s conversation is read up to that message for the caller (or the page they answer for), and the counts drop by exactly what became read → { unreadMsgsTally }. Ids of conversations the caller is not in change nothing.',
});

export const messagee = defineRoute({
  method: 'GET', path: '/api/iam/users/user-or-page-messagee-by-handle/{handle}', access: 'user',
  input: messageeParams, output: messageeAnswer,
  errors: { 404: 'no user or page has the handle' },
  summary: 'The member or page a handle names, as a card to write to: { messagee }; 404 for no one.',
});

export const newBlock = defineRoute({
  method: 'POST', path: '/api/iam/blocks/new', access: 'user',
  input: newBlockInput, output: blockAnswer,
  errors: { 404: 'no member with this id', 429: 'past the block limit' },
  summary: 'Blocks userId (any signed-in member may, suspended ones too): they cannot message the caller (their sends answer as a success and deliver nothing), and the caller no longer sees their posts, comments or listings; neither is told.',
});

export const deleteBlock = defineRoute({
  method: 'DELETE', path: '/api/iam/blocks/{userId}', access: 'user',
  input: blockParams, output: blockAnswer,
  summary: 'Unblocks userId: { blocked: false }.',
});

export const blockList = defineRoute({
  method: 'GET', path: '/api/iam/blocks', access: 'user',
  input: blocksQuery, output: blocksAnswer,
  summary: 'The members the caller blocks, cursor paged (50 a page).',
});

export const ticket = defineRoute({
  method: 'POST', path: '/api/iam/realtime/ticket', access: 'user',
  input: noInput, output: ticketAnswer,
  errors: { 429: 'past the ticket limit' },
  summary: '{ url }: the WebSocket URL with a one-time ?ticket= valid 60 s. Frames are JSON { type, data }: message, notification, messages-tally, changed; the client\'s {"type":"ping"} is answered {"type":"pong"}.',
});

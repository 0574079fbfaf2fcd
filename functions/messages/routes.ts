/** The messages, blocks and realtime routes: each contract entry with its handler and grants. */
import * as messages from '../../shared/contract/messages';
import type { RouteDef } from '../lib/route-types';

export const messagesRoutes = [
  { ...messages.all, handler: 'messages/handlers/all', grants: ['table:read'] },
  { ...messages.unreadTally, handler: 'messages/handlers/unread-tally', grants: ['table:read'] },
  { ...messages.conversation, handler: 'messages/handlers/conversation', grants: ['table:read', 'private:read'] },
  { ...messages.conversationEarlier, handler: 'messages/handlers/conversation-earlier', grants: ['table:read', 'private:read'] },
  { ...messages.newUserConversation, handler: 'messages/handlers/new-user-conversation', grants: ['table:read', 'table:write'] },
  { ...messages.newPageConversation, handler: 'messages/handlers/new-page-conversation', grants: ['table:read', 'table:write'] },
  { ...messages.newMessage, handler: 'messages/handlers/new-message', grants: ['table:read', 'table:write', 'private:read'] },
  { ...messages.messagePhotoUpload, handler: 'messages/handlers/message-photo-upload', grants: ['table:read', 'table:write', 'private:write'] },
  { ...messages.deleteConversation, handler: 'messages/handlers/delete-conversation', grants: ['table:read', 'table:write'] },
  { ...messages.deleteConversations, handler: 'messages/handlers/delete-conversations', grants: ['table:read', 'table:write'], timeoutSeconds: 29 },
  { ...messages.muteConversation, handler: 'messages/handlers/mute-conversation', grants: ['table:read', 'table:write'] },
  { ...messages.markAsSeen, handler: 'messages/handlers/mark-as-seen', grants: ['table:read', 'table:write'] },
  { ...messages.messagee, handler: 'messages/handlers/messagee', grants: ['table:read'] },
  { ...messages.newBlock, handler: 'messages/handlers/new-block', grants: ['table:read', 'table:write'] },
  { ...messages.deleteBlock, handler: 'messages/handlers/delete-block', grants: ['table:read', 'table:write'] },
  { ...messages.blockList, handler: 'messages/handlers/block-list', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];

export const realtimeRoutes = [
  { ...messages.ticket, handler: 'messages/handlers/ticket', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];

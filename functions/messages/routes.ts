/** The messages, blocks and realtime routes: each contract entry with its handler and grants. */
import * as messages from '../../shared/contract/messages';
import type { RouteDef } from '../lib/route-types';

export const messagesRoutes = [
  { ...messages.all, handler: 'messages/all', grants: ['table:read'] },
  { ...messages.unreadTally, handler: 'messages/unread-tally', grants: ['table:read'] },
  { ...messages.conversation, handler: 'messages/conversation', grants: ['table:read'] },
  { ...messages.conversationEarlier, handler: 'messages/conversation-earlier', grants: ['table:read'] },
  { ...messages.newUserConversation, handler: 'messages/new-user-conversation', grants: ['table:read', 'table:write'] },
  { ...messages.newPageConversation, handler: 'messages/new-page-conversation', grants: ['table:read', 'table:write'] },
  { ...messages.newMessage, handler: 'messages/new-message', grants: ['table:read', 'table:write'] },
  { ...messages.deleteConversation, handler: 'messages/delete-conversation', grants: ['table:read', 'table:write'] },
  { ...messages.deleteConversations, handler: 'messages/delete-conversations', grants: ['table:read', 'table:write'], timeoutSeconds: 29 },
  { ...messages.muteConversation, handler: 'messages/mute-conversation', grants: ['table:read', 'table:write'] },
  { ...messages.markAsSeen, handler: 'messages/mark-as-seen', grants: ['table:read', 'table:write'] },
  { ...messages.messagee, handler: 'messages/messagee', grants: ['table:read'] },
  { ...messages.newBlock, handler: 'messages/new-block', grants: ['table:read', 'table:write'] },
  { ...messages.deleteBlock, handler: 'messages/delete-block', grants: ['table:read', 'table:write'] },
  { ...messages.blockList, handler: 'messages/block-list', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];

export const realtimeRoutes = [
  { ...messages.ticket, handler: 'realtime/ticket', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];

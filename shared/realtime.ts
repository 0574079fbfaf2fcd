/**
 * The socket's frames: JSON text `{ type, data }` ("Real time" in docs/api.md). The server sends
 * `message`, `notification`, `messages-tally` and `changed` (what an open screen reads again: an
 * event by its randomId, a page by its id, a post's thread by the post's id); the client sends
 * `{"type":"ping"}` and gets `{"type":"pong"}`.
 */
import type { MessageView } from './answers/messages';
import type { NotificationView } from './answers/notifications';

export type ServerFrame =
  | { type: 'message'; data: { conversationId: string; message: Omit<MessageView, 'conversationId' | 'asPageId' | 'photos'> & { asPageId?: string; photos?: { id: string }[] } } }
  | { type: 'notification'; data: { notification: NotificationView; tally: number } }
  | { type: 'messages-tally'; data: { unreadMsgsTally: number } }
  | { type: 'changed'; data: { kind: 'event' | 'page' | 'thread'; id: string } }
  | { type: 'pong' };

export type ClientFrame = { type: 'ping' };

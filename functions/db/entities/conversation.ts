/**
 * Conversations (minimal for now; the messages feature builds on it): the conversation item and
 * one membership item per participant under the participant (M1a), so "all of a user's
 * conversations" is one Query.
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

export const Conversation = () => new Entity({
  model: { entity: 'conversation', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    convType: { type: ['user-to-user', 'tomypage'] as const, required: true },
    participantIds: { type: 'list', items: { type: 'string' }, required: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    lastMessageAt: { type: 'string', required: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'conv#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'conv', casing: 'none' },
    },
  },
});

export const ConversationMember = () => new Entity({
  model: { entity: 'conversationMember', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    conversationId: { type: 'string', required: true, readOnly: true },
    unread: { type: 'number', required: true, default: 0 },
    lastMessageAt: { type: 'string', required: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], template: 'user#${userId}', casing: 'none' },
      sk: { field: 'sk', composite: ['conversationId'], template: 'conv#${conversationId}', casing: 'none' },
    },
  },
});

export type ConversationItem = EntityItem<ReturnType<typeof Conversation>>;

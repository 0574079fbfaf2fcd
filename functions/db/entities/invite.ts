/** An invite link a registered user made (U9): by uuid, and listed under its inviter newest first. */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

export const Invite = () => new Entity({
  model: { entity: 'invite', version: '1', service: SERVICE },
  attributes: {
    uuid: { type: 'string', required: true, readOnly: true },
    inviterId: { type: 'string', required: true, readOnly: true },
    isValid: { type: 'boolean', required: true, default: true },
    acceptedCount: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['uuid'], template: 'invite#${uuid}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'invite', casing: 'none' },
    },
    byInviter: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['inviterId'], template: 'invites#${inviterId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'uuid'], template: '${createdAt}#${uuid}', casing: 'none' },
    },
  },
});

export type InviteItem = EntityItem<ReturnType<typeof Invite>>;

/** The partition of `byInviter` (gsi1): one inviter's invites, for the list's cursor check. */
export function invitesOfPartition(inviterId: string): { field: string; value: string } {
  return { field: 'gsi1pk', value: `invites#${inviterId}` };
}

/**
 * A member's (or a page's) plant listings to move (L1): written in the same transaction as the change of the
 * member's listing place (their ~1 km cell, or none while hidden from nearby searches), under the
 * owner's partition (`user#<id>` or `page#<id>`: deleting the account or page sweeps it). Locally the request runs the job at
 * once; in the cloud the table's stream hands the item to functions/system/relist-plants.ts. A
 * run cut short saves where it stopped (`cursor`, and `runs` so the write is a change the stream
 * records), which hands the rest to the next run; the run that finishes deletes the item if it
 * still holds the same `token` (a newer move rewrites the item, and its own run finishes it).
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';
import { OWNER_TYPES } from './owner';

export const RelistJob = () => new Entity({
  model: { entity: 'relistJob', version: '1', service: SERVICE },
  attributes: {
    /** The owner of the listings: a member, or a page (`ownerType: 'page'`, its job in the page's partition). */
    userId: { type: 'string', required: true, readOnly: true },
    ownerType: { type: OWNER_TYPES, required: true, readOnly: true },
    /** New for every move: a run only saves progress on, or deletes, the item it was handed. */
    token: { type: 'string', required: true },
    requestedAt: { type: 'string', required: true },
    /** Where an earlier run stopped: the cursor of the member's plants (P3, owner's view). */
    cursor: { type: 'string' },
    runs: { type: 'number', required: true, default: 0 },
    /** Epoch seconds; TTL, a backstop for an item no run finished (the stream keeps records a day). */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['ownerType', 'userId'], template: '${ownerType}#${userId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'relist', casing: 'none' },
    },
  },
});

export type RelistJobItem = EntityItem<ReturnType<typeof RelistJob>>;

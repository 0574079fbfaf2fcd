/**
 * The removal of a tag an admin deleted (functions/cascades/tag-deletion.ts), written in the same
 * transaction that marks the tag `deletingAt`. Locally the request runs it at once; in the cloud
 * the table's stream hands the item to the stream dispatcher (functions/system/tag-delete.ts). A
 * run cut short saves `runs` (a change the stream records), which hands the rest to the next run;
 * each step consumes what it removes, so a run always resumes from the first item left.
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

export const TagDeleteJob = () => new Entity({
  model: { entity: 'tagDeleteJob', version: '1', service: SERVICE },
  attributes: {
    name: { type: 'string', required: true, readOnly: true },
    /** The tag's `deletingAt`: the run only removes the tag that still carries it. */
    token: { type: 'string', required: true, readOnly: true },
    requestedAt: { type: 'string', required: true },
    runs: { type: 'number', required: true, default: 0 },
    /** Epoch seconds; TTL, a backstop for an item no run finished. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byTag: {
      pk: { field: 'pk', composite: ['name'], template: 'tagdelete#${name}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'job', casing: 'none' },
    },
  },
});

export type TagDeleteJobItem = EntityItem<ReturnType<typeof TagDeleteJob>>;

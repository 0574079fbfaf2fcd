/**
 * A post photo handed an upload URL but not yet used by a post (I1). Keyed by the object key, so
 * the post's transaction deletes it by key (condition: it still exists and is the author's), and
 * listed by expiry in one `gsi2` partition so the sweep finds the abandoned ones with a Query.
 * `expiresAt` is also the table's TTL attribute: DynamoDB drops a record the sweep somehow missed
 * (the sweep runs well before that, see functions/images/pending.ts, so the object goes with it).
 */
import { Entity, type EntityItem } from 'electrodb';
import { PHOTO_TYPES } from '../../../shared/content-rules';
import { SERVICE } from '../service-name';

export const PendingUpload = () => new Entity({
  model: { entity: 'pendingUpload', version: '1', service: SERVICE },
  attributes: {
    /** `images/posts/<userId>/<uuid>.<ext>` (or an avatar's, a page image's, a message photo's): the object's key is the record's id. */
    objectKey: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    /** What the upload URL was asked for (the object itself is checked when a post uses it). */
    contentType: { type: PHOTO_TYPES, required: true, readOnly: true },
    size: { type: 'number', required: true, readOnly: true },
    /** A message photo's pixels, as the sender's browser measured them (the message copies them). */
    width: { type: 'number', readOnly: true },
    height: { type: 'number', readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    /** Epoch seconds (10 digits until 2286, so the index's sort key orders by it as text). */
    expiresAt: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['objectKey'], template: 'upload#${objectKey}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'upload', casing: 'none' },
    },
    /** Every pending upload in one partition, oldest expiry first: the sweep reads from the front. */
    byExpiry: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [], template: 'uploads#pending', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['expiresAt', 'objectKey'], template: '${expiresAt}#${objectKey}', casing: 'none' },
    },
  },
});

export type PendingUploadItem = EntityItem<ReturnType<typeof PendingUpload>>;

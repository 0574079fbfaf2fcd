/**
 * A member's data export (X1 in docs/data-model.md): one raw item, the latest export, in the
 * member's partition (the account's sweep takes it).
 *
 *   user#<uuid>   export   { id, state, requestedAt, updatedAt, progress, objectKey?, bytes?, readyAt?, previousKey? }
 *
 * Starting an export replaces it, guarded on the id it replaces (two starts at once: one wins),
 * so the item also holds the once-a-day limit (`windowStart`, `attempts`: functions/exports/exports.ts). The job moves it on, each write
 * guarded on its id: a newer export is never overwritten by an older run.
 */
import type { ItemKey } from '../write';

export const exportKey = (userId: string): ItemKey => ({ pk: `user#${userId}`, sk: 'export' });

export const EXPORT_STATES = ['pending', 'running', 'ready', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export interface ExportItem extends ItemKey {
  /** This export's id (its archive's key names it). */
  id: string;
  userId: string;
  state: ExportState;
  requestedAt: string;
  /** Moved on by each step of the job: a run that stopped moving has died. */
  updatedAt: string;
  /** 0–1 while running. */
  progress: number;
  /** Where the archive is, once ready. */
  objectKey?: string;
  bytes?: number;
  readyAt?: string;
  /** The archive of the export this one replaced: deleted once this one is ready. */
  previousKey?: string;
  /** The start of the day's window (the first export of it), and the starts within it (a retry after a failure counts). */
  windowStart?: string;
  attempts?: number;
  /** Photos that could not be read (gone from the bucket): named in the archive's README. */
  missingPhotos?: number;
}

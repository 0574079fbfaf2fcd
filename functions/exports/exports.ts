/**
 * A member's data export: starting one (at most one a day), reading the latest with a fresh
 * 15-minute link, and removing it with the account. The work itself is archive.ts, run by the
 * export job (job.ts): in the cloud an asynchronous Invoke (EXPORT_FUNCTION), locally in the
 * host's process (functions/lib/route-jobs.ts); its progress is on the same item.
 */
import { randomUUID } from 'node:crypto';
import type { ExportView } from '../../shared/answers/data-export';
import { getItem } from '../db/batch';
import { absent, eq } from '../db/condition';
import { exportKey, type ExportItem } from '../db/items/data-export';
import { writeItems } from '../db/transact';
import { putItem, updateItem } from '../db/write';
import { HttpError, serviceUnavailable } from '../lib/errors';
import { logger } from '../lib/logger';
import { deletePrivate, EXPORT_KEEP_DAYS, signPrivateGet } from '../lib/private-objects';
import { EXPORT_JOB, startRouteJob } from '../lib/route-jobs';

const DAY_MS = 24 * 60 * 60 * 1000;
/** One export a day: a second within this answers 429. */
export const EXPORT_EVERY_MS = DAY_MS;
/** A pending or running export not moved on for longer than the job may run (900 s) has died. */
export const EXPORT_STALE_MS = 16 * 60 * 1000;
/** How long a download link works. */
export const EXPORT_LINK_SECONDS = 15 * 60;

/** The state the member sees: a run that stopped moving has failed, an archive past its days is gone. */
function stateOf(item: ExportItem | null, nowMs: number): ExportView['state'] {
  if (!item) return 'none';
  if ((item.state === 'pending' || item.state === 'running') && nowMs - Date.parse(item.updatedAt) > EXPORT_STALE_MS) return 'failed';
  if (item.state === 'ready' && item.readyAt && nowMs - Date.parse(item.readyAt) > EXPORT_KEEP_DAYS * DAY_MS) return 'none';
  return item.state;
}

/** Starts within one day's window: the first, and after failures up to this many in all. */
export const EXPORT_ATTEMPTS_PER_DAY = 3;

/** The day an export's window opened (the first start of it). */
const windowOf = (item: ExportItem): number => Date.parse(item.windowStart ?? item.requestedAt);

/** When the member may start another: a day after the window opened, or now if the last failed and attempts are left. */
function nextAllowedMs(item: ExportItem | null, nowMs: number): number {
  if (!item) return nowMs;
  const windowEnd = windowOf(item) + EXPORT_EVERY_MS;
  if (windowEnd <= nowMs) return nowMs;
  if (stateOf(item, nowMs) === 'failed' && (item.attempts ?? 1) < EXPORT_ATTEMPTS_PER_DAY) return nowMs;
  return windowEnd;
}

const oncePerDay = (retryMs: number, nowMs: number) =>
  new HttpError(429, 'too_many_requests', `One export a day (and ${EXPORT_ATTEMPTS_PER_DAY - 1} tries more after failures): the next may start at ${new Date(nowMs + retryMs).toISOString()}`, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryMs / 1000))),
  });

export async function startExport(userId: string, nowMs = Date.now()): Promise<ExportView> {
  const key = exportKey(userId);
  const old = (await getItem(key, { consistent: true })) as ExportItem | null;
  const next = nextAllowedMs(old, nowMs);
  if (next > nowMs) throw oncePerDay(next - nowMs, nowMs);
  const at = new Date(nowMs).toISOString();
  // The archive of the export replaced (or of one it replaced) goes once the new one is ready.
  const previousKey = old?.objectKey ?? old?.previousKey;
  // Within the day's window (a retry after a failure), the window and its count go on.
  const sameWindow = old !== null && windowOf(old) + EXPORT_EVERY_MS > nowMs;
  const item: ExportItem = {
    ...key, id: randomUUID(), userId, state: 'pending', requestedAt: at, updatedAt: at, progress: 0,
    windowStart: sameWindow ? new Date(windowOf(old)).toISOString() : at,
    attempts: sameWindow ? (old.attempts ?? 1) + 1 : 1,
    ...(previousKey ? { previousKey } : {}),
  };
  const out = await writeItems([putItem(item, old ? eq('id', old.id) : absent())]);
  // Another start landed between the read and the write: it is today's.
  if (out.canceled) throw oncePerDay(EXPORT_EVERY_MS, nowMs);
  try {
    await startRouteJob(EXPORT_JOB, { userId, exportId: item.id });
  } catch (error) {
    logger.error('could not start an export', { error: error as Error, userId });
    await writeItems([updateItem({ key, set: { state: 'failed', updatedAt: new Date().toISOString() }, condition: eq('id', item.id) })]);
    throw serviceUnavailable('The export could not be started; try again shortly');
  }
  return { state: 'pending', requestedAt: at, progress: 0 };
}

export async function latestExport(userId: string, nowMs = Date.now()): Promise<ExportView> {
  const item = (await getItem(exportKey(userId), { consistent: true })) as ExportItem | null;
  const state = stateOf(item, nowMs);
  if (!item || state === 'none') return { state: 'none' };
  const next = nextAllowedMs(item, nowMs);
  const base = { state, requestedAt: item.requestedAt, ...(next > nowMs ? { nextAllowedAt: new Date(next).toISOString() } : {}) };
  if (state === 'pending' || state === 'running') return { ...base, progress: Math.min(1, Math.max(0, item.progress ?? 0)) };
  if (state !== 'ready' || !item.objectKey || !item.readyAt) return base;
  const day = item.readyAt.slice(0, 10);
  return {
    ...base,
    url: await signPrivateGet(item.objectKey, EXPORT_LINK_SECONDS, `leafline-export-${day}.zip`),
    urlExpiresAt: new Date(nowMs + EXPORT_LINK_SECONDS * 1000).toISOString(),
    readyAt: item.readyAt,
    expiresAt: new Date(Date.parse(item.readyAt) + EXPORT_KEEP_DAYS * DAY_MS).toISOString(),
    ...(item.bytes !== undefined ? { bytes: item.bytes } : {}),
    ...(item.missingPhotos ? { missingPhotos: item.missingPhotos } : {}),
  };
}

/**
 * A deleted account's archives (the latest and the one it replaced); the item goes with the
 * account's partition. A run still writing finds the account gone and deletes its own.
 */
export async function removeExportOf(userId: string): Promise<void> {
  const item = (await getItem(exportKey(userId), { consistent: true })) as ExportItem | null;
  for (const key of new Set([item?.objectKey, item?.previousKey].filter((k): k is string => !!k))) await deletePrivate(key);
}

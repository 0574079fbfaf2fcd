/**
 * Photos are public bearer URLs under /images/. When a post's audience narrows (public → members
 * or private, members → private), whoever saw its photos before could keep their URLs; so its
 * photos move to new, unguessable keys in the same write: the objects are copied first, the post
 * is written with the new keys and records retiring the old ones (due for the sweep at once), and
 * the old objects are deleted right after. An old URL then works only while a cache still holds
 * it (IMAGE_CACHE_SECONDS). If the write fails, the copies are deleted again. A photo's small
 * rendition moves with it, to the small key of the new one; the old small object goes with the old
 * original (its retirement record stands for both). Right after the post's creation the old keys'
 * upload URLs may still work: their retirement records then wait until the URLs have expired
 * (pending.ts `retireUpload`), so the sweep removes whatever is PUT through them again.
 */
import { randomUUID } from 'node:crypto';
import { CopyObjectCommand } from '@aws-sdk/client-s3';
import { smallPhotoKey, type Privacy } from '../../shared/content-rules';
import type { TxItem } from '../db/transact';
import { deleteImage, imagesBucket, s3 } from '../lib/images';
import { logger } from '../lib/logger';
import { removeRetiredUpload, retireUpload, uploadUrlsMayBeLive } from './pending';

/** How widely each privacy shows a post: a lower rank is a narrower audience. */
const REACH: Record<Privacy, number> = { private: 0, members: 1, public: 2 };

export function narrows(before: Privacy, after: Privacy): boolean {
  return REACH[after] < REACH[before];
}

/** The same folder and extension under a new id: `images/posts/<userId>/<new id>.<ext>`. */
export function freshKey(key: string): string {
  return key.replace(/[^/]+(\.[a-z]+)$/, `${randomUUID()}$1`);
}

export interface Rekeying {
  /** old key → new key, for each photo that moved. */
  moves: Map<string, string>;
  /** The new keys whose small rendition was copied too. */
  withSmall: Set<string>;
  /** The retirement records of the old keys, for the post's own transaction. */
  items: TxItem[];
  /** The old keys' upload URLs may still work: their records stay for the sweep after the objects go. */
  urlsMayBeLive: boolean;
}

/**
 * Copies each photo of a post created at `postCreatedAt` to a fresh key, and its small rendition
 * (when it has one) to the fresh key's small key; on any failure the copies made are removed and
 * the error thrown.
 */
export async function copyToFreshKeys(
  userId: string,
  photos: { key: string; small?: boolean }[],
  postCreatedAt: string,
  nowMs = Date.now(),
): Promise<Rekeying> {
  const moves = new Map(photos.map((p) => [p.key, freshKey(p.key)] as const));
  const withSmall = new Set(photos.filter((p) => p.small).map((p) => moves.get(p.key)!));
  const bucket = imagesBucket();
  const copy = (from: string, to: string) =>
    s3().send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${encodeURI(from)}`, MetadataDirective: 'COPY' }));
  const copied = await Promise.allSettled(
    [...moves].flatMap(([from, to]) => [copy(from, to), ...(withSmall.has(to) ? [copy(smallPhotoKey(from), smallPhotoKey(to))] : [])]),
  );
  if (copied.some((c) => c.status === 'rejected')) {
    await discardCopies({ moves, withSmall, items: [], urlsMayBeLive: false });
    throw (copied.find((c) => c.status === 'rejected') as PromiseRejectedResult).reason;
  }
  const urlsMayBeLive = uploadUrlsMayBeLive(postCreatedAt, nowMs);
  return { moves, withSmall, urlsMayBeLive, items: [...moves.keys()].map((from) => retireUpload(userId, from, nowMs, urlsMayBeLive)) };
}

/**
 * After the post's write: the old objects (small renditions included) go now (the sweep takes any
 * that fail), and so do their records, unless the old upload URLs may still work.
 */
export async function removeOldKeys(r: Rekeying): Promise<void> {
  await Promise.all([...r.moves.keys()].map((from) => removeRetiredUpload(from, r.urlsMayBeLive)));
}

/**
 * The post's write failed or threw: the copies are referenced by nothing. A copy that cannot be
 * deleted now is left under its unguessable key, shown to no one (logged for the operators).
 */
export async function discardCopies(r: Rekeying): Promise<void> {
  const copies = [...r.moves.values()].flatMap((to) => (r.withSmall.has(to) ? [to, smallPhotoKey(to)] : [to]));
  await Promise.all(
    copies.map((key) => deleteImage(key).catch((err: unknown) => logger.error('could not discard an unused photo copy', { key, error: err as Error }))),
  );
}

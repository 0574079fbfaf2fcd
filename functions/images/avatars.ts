/**
 * Avatars between their upload URL and the profile that shows them, and after it (I1, as post
 * photos: functions/images/pending.ts).
 *
 * POST /api/iam/images/avatar-upload records a pending upload before it hands out the URL, so
 * every avatar object that can reach the bucket has a record that leads the sweep to it. Saving
 * the avatar (PUT /api/iam/authn/update) claims it: `claimAvatar` checks the record and the object
 * and returns the delete of the record for the profile's own transaction, so a saved avatar never
 * has a record the sweep could act on. The avatar it replaces (or removes) gets a record due at
 * once in that same transaction (`retireUpload` in pending.ts): the object is deleted right after the write,
 * and if that fails the next sweep deletes it. Deleting an account removes every object under the
 * member's avatar prefix (`deleteAvatarsOf`), saved or not.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { db } from '../db/service';
import { txEntities, type TxItem } from '../db/transact';
import { badRequest } from '../lib/errors';
import { deleteImage, imagesBucket, s3, verifyUploadedImage } from '../lib/images';
import { AVATAR_KEY_PATTERN, CLAIM_CUTOFF_SECONDS } from './pending';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

const PREFIX = 'images/avatars/';
type AvatarExtension = 'jpg' | 'png' | 'webp';

const PROBLEMS = {
  notYours: 'avatar must be one of your own uploads',
  missing: 'avatar was not uploaded; upload it again',
  tooOld: 'avatar was uploaded too long ago; upload it again',
  'too-large': 'avatar must be at most 5 MB',
  'wrong-type': 'avatar must be a JPEG, PNG or WebP image',
} as const;

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The key a new avatar is uploaded under: `images/avatars/<userId>/<id>.<ext>`. */
export function avatarKeyFor(userId: string, id: string, extension: AvatarExtension): string {
  return `${PREFIX}${userId}/${id}.${extension}`;
}

/** What a claim checks of an upload, and the field its errors name. */
export interface ImageRule {
  /** The key must match this and start with `prefix`. */
  pattern: RegExp;
  prefix: string;
  maxBytes: number;
  field: string;
}

/** The problems of a claimed image, as answered (400 naming the rule's field). */
function problem(rule: ImageRule, what: keyof typeof PROBLEMS): string {
  const message: string = PROBLEMS[what];
  return rule.field === 'avatar' ? message : message.replace(/^avatar/, rule.field).replace('5 MB', `${rule.maxBytes / 1024 / 1024} MB`);
}

/**
 * Checks that `key` is a pending upload of `userId` under the rule's prefix that may still be
 * used, and that the object is an image within the rule's size (HEAD: the URL signs the length,
 * which S3 enforces and the local bucket does not). Throws 400 on the rule's field. Returns the
 * delete of the pending record, conditioned on it still being there, the member's and claimable,
 * for the saving write's own transaction.
 */
export async function claimImage(userId: string, key: string, rule: ImageRule, nowMs = Date.now()): Promise<TxItem> {
  if (!rule.pattern.test(key) || !key.startsWith(rule.prefix)) throw badRequest(problem(rule, 'notYours'), rule.field);
  const mustExpireAfter = seconds(nowMs) + CLAIM_CUTOFF_SECONDS;
  const { data: record } = await db().entities.pendingUpload.get({ objectKey: key }).go({ consistent: true });
  // Absent: never handed out, already saved (and since replaced), or removed by the sweep.
  if (!record || record.userId !== userId) throw badRequest(problem(rule, 'notYours'), rule.field);
  if (record.expiresAt <= mustExpireAfter) throw badRequest(problem(rule, 'tooOld'), rule.field);
  const check = await verifyUploadedImage(key, rule.maxBytes);
  if (check !== 'ok') throw badRequest(problem(rule, check), rule.field);
  return txEntities()
    .pendingUpload.delete({ objectKey: key })
    .where((a, op) => `${op.eq(a.userId, userId)} AND ${op.gt(a.expiresAt, mustExpireAfter)}`)
    .commit();
}

/** A member's avatar upload, claimed for their profile (400 on `avatar`). */
export function claimAvatar(userId: string, key: string, nowMs = Date.now()): Promise<TxItem> {
  return claimImage(userId, key, { pattern: AVATAR_KEY_PATTERN, prefix: `${PREFIX}${userId}/`, maxBytes: AVATAR_MAX_BYTES, field: 'avatar' }, nowMs);
}

/** The message when the claim's condition failed in the transaction (another save used it, or it aged meanwhile). */
export const CLAIM_LOST = PROBLEMS.missing;

/** Deletes every object under the member's avatar prefix (the avatar and uploads never saved); safe to run again. */
export function deleteAvatarsOf(userId: string): Promise<number> {
  return deleteImagesUnder(`${PREFIX}${userId}/`);
}

/** Deletes every object under an images prefix (a member's avatars, a page's images); safe to run again. */
export async function deleteImagesUnder(prefix: string): Promise<number> {
  if (!/^images\/(avatars|pages)\/[0-9a-f-]{36}\/$/.test(prefix)) throw new Error(`refusing to delete under ${prefix}`);
  let removed = 0;
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: imagesBucket(), Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      if (!object.Key?.startsWith(prefix)) continue;
      await deleteImage(object.Key);
      removed++;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return removed;
}

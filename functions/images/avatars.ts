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

/**
 * Checks that `key` is a pending avatar upload of `userId` that may still be used, and that the
 * object is an image of at most 5 MB (HEAD: the URL signs the length, which S3 enforces and the
 * local bucket does not). Throws 400 on `avatar`. Returns the delete of the pending record,
 * conditioned on it still being there, the member's and claimable, for the profile's transaction.
 */
export async function claimAvatar(userId: string, key: string, nowMs = Date.now()): Promise<TxItem> {
  if (!AVATAR_KEY_PATTERN.test(key) || !key.startsWith(`${PREFIX}${userId}/`)) throw badRequest(PROBLEMS.notYours, 'avatar');
  const mustExpireAfter = seconds(nowMs) + CLAIM_CUTOFF_SECONDS;
  const { data: record } = await db().entities.pendingUpload.get({ objectKey: key }).go({ consistent: true });
  // Absent: never handed out, already saved (and since replaced), or removed by the sweep.
  if (!record || record.userId !== userId) throw badRequest(PROBLEMS.notYours, 'avatar');
  if (record.expiresAt <= mustExpireAfter) throw badRequest(PROBLEMS.tooOld, 'avatar');
  const check = await verifyUploadedImage(key, AVATAR_MAX_BYTES);
  if (check !== 'ok') throw badRequest(PROBLEMS[check], 'avatar');
  return txEntities()
    .pendingUpload.delete({ objectKey: key })
    .where((a, op) => `${op.eq(a.userId, userId)} AND ${op.gt(a.expiresAt, mustExpireAfter)}`)
    .commit();
}

/** The message when the claim's condition failed in the transaction (another save used it, or it aged meanwhile). */
export const CLAIM_LOST = PROBLEMS.missing;

/** Deletes every object under the member's avatar prefix (the avatar and uploads never saved); safe to run again. */
export async function deleteAvatarsOf(userId: string): Promise<number> {
  const prefix = `${PREFIX}${userId}/`;
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

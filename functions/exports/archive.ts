/**
 * The export job's work: reads everything the member owns (collect.ts), writes it as a zip (JSON
 * per part, a README and their photos) under the bucket's private prefix, streaming (one part in
 * memory at a time), and moves the member's export item on as it goes: running with its
 * progress, then ready with the archive's key, or failed. Each move is guarded on the export's
 * id: a run whose export was replaced (or whose account was deleted) stops and leaves nothing.
 */
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { getItem } from '../db/batch';
import { and, eq, live } from '../db/condition';
import { userKey } from '../db/entities/user';
import { exportKey, type ExportItem } from '../db/items/data-export';
import { writeItems, type TxItem } from '../db/transact';
import { conditionCheck, updateItem } from '../db/write';
import { readImage } from '../lib/images';
import { logger } from '../lib/logger';
import { deletePrivate, EXPORT_KEEP_DAYS, exportObjectKey, PrivateObjectWriter, readPrivate } from '../lib/private-objects';
import { collectExport, messagePhotoKeysOf, ownedImageKeysOf, PARTS, type ExportData } from './collect';

/** The share of the progress reading the data takes; the photos take the rest. */
const DATA_SHARE = 0.4;
/** Progress is written at most this often while photos are copied. */
const PROGRESS_EVERY_MS = 2_000;

class Superseded extends Error {}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A photo of one of the member's messages, named `messages/<photo id>.<ext>` in the archive. */
async function messagePhoto(key: string): Promise<{ bytes: Uint8Array; name: string } | null> {
  const found = await readPrivate(key);
  if (!found) return null;
  const id = key.slice(key.lastIndexOf('#') + 1);
  return { bytes: found.bytes, name: `messages/${id}.${EXTENSIONS[found.contentType ?? ''] ?? 'jpg'}` };
}

function readme(data: ExportData, when: string, missing: string[]): string {
  const handle = typeof data.profile.username === 'string' ? `@${data.profile.username}` : 'your account';
  return [
    `# Your data from Leafline (${handle})`,
    '',
    `Exported ${when}. The link that gave you this file works for 15 minutes; the file itself is kept ${EXPORT_KEEP_DAYS} days, then deleted.`,
    '',
    '## What is here',
    '',
    '- `profile.json`: your account as stored (your password is never exported).',
    '- `settings.json`: your notification and privacy settings.',
    '- `posts.json`, `plants.json`: your posts and plant listings, hidden ones included (`hiddenAt`).',
    '- `comments.json`: every comment and reply you wrote, on anyone\'s post (`kind: comment`, `postId`, `path`).',
    '- `reactions.json`: your reactions to posts (`kind: postReaction`) and to comments (`kind: commentReaction`).',
    '- `messages.json`: your own messages, by conversation, each with the other side\'s name. Other people\'s messages are theirs and are not included.',
    '- `events.json`: the events you created; `attendance.json`: the dates you answer Going or Maybe.',
    '- `swaps.json`: the swaps you asked for (`role: asked`) and the requests on your listings (`role: offered`).',
    '- `reviews.json`: the swap reviews you wrote (`written`) and those about you that are shown (`received`: a review is not shown until both sides have written or the window has closed, and one an admin removed is left out).',
    '- `wanted.json`: your wanted list; `blocks.json`: the members you block.',
    '- `photos/`: your avatar, your posts\' and listings\' photos and your events\' covers. A photo stored as `images/posts/…/x.jpg` is the file `photos/posts/…/x.jpg`. The photos of your messages are `photos/messages/<id>.<type>`, each `id` as the message\'s `photos` in `messages.json` names it.',
    '',
    'What you did for a page (its posts, events and messages answered as it) belongs to the page, not to you, and is not included.',
    ...(missing.length ? ['', '## Photos that could not be read', '', ...missing.map((k) => `- ${k}`)] : []),
    '',
  ].join('\n');
}

export type ExportRun = 'ready' | 'failed' | 'skipped';

/** Runs the export `exportId` of `userId`, if it is still the member's pending export. */
export async function runExport(userId: string, exportId: string): Promise<ExportRun> {
  const key = exportKey(userId);
  const item = (await getItem(key, { consistent: true })) as ExportItem | null;
  if (!item || item.id !== exportId || item.state !== 'pending') return 'skipped';

  const move = async (set: Partial<ExportItem>, from?: ExportItem['state'], checks: TxItem[] = []): Promise<void> => {
    const out = await writeItems([
      updateItem({ key, set: { ...set, updatedAt: new Date().toISOString() }, condition: and(eq('id', exportId), from ? eq('state', from) : undefined) }),
      ...checks,
    ]);
    if (out.canceled) throw new Superseded();
  };

  const objectKey = exportObjectKey(userId, exportId);
  const writer = new PrivateObjectWriter(objectKey, 'application/zip');
  // Once the archive is complete in the bucket, a failure after it must delete it: no item names it.
  let written = false;
  try {
    await move({ state: 'running', progress: 0 }, 'pending');
    const data = await collectExport(userId, (done) => move({ progress: (done / PARTS.length) * DATA_SHARE }));

    // The zip is written as it is made: fflate hands over each chunk as a file is pushed.
    const chunks: Uint8Array[] = [];
    let zipError: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) zipError = err;
      else chunks.push(chunk);
    });
    const drain = async () => {
      while (chunks.length) await writer.write(chunks.shift()!);
      if (zipError) throw zipError;
    };
    const add = async (name: string, bytes: Uint8Array, compress: boolean) => {
      const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      zip.add(file);
      file.push(bytes, true);
      await drain();
    };

    for (const part of PARTS) await add(`${part}.json`, strToU8(JSON.stringify(data[part], null, 2)), true);
    const photos = [...ownedImageKeysOf(data), ...messagePhotoKeysOf(userId, data)];
    const missing: string[] = [];
    let saidAt = Date.now();
    for (const [i, photo] of photos.entries()) {
      const found = photo.startsWith('images/') ? await readImage(photo).then((bytes) => (bytes ? { bytes, name: photo.slice('images/'.length) } : null)) : await messagePhoto(photo);
      if (found) await add(`photos/${found.name}`, found.bytes, false);
      else missing.push(photo);
      if (Date.now() - saidAt > PROGRESS_EVERY_MS) {
        await move({ progress: DATA_SHARE + ((i + 1) / photos.length) * (1 - DATA_SHARE) });
        saidAt = Date.now();
      }
    }
    const readyAt = new Date().toISOString();
    await add('README.md', strToU8(readme(data, readyAt, missing)), true);
    zip.end();
    await drain();
    await writer.close();

    written = true;
    // Ready only while the account lives, checked in the same write: an account deleted meanwhile
    // takes the archive with it (the catch below deletes what no item names).
    await move({ state: 'ready', progress: 1, objectKey, bytes: writer.size, readyAt, missingPhotos: missing.length }, 'running', [conditionCheck(userKey(userId), live())]);
    if (item.previousKey && item.previousKey !== objectKey) {
      await deletePrivate(item.previousKey).catch((error: unknown) => logger.warn('could not delete the previous export', { error: error as Error, userId }));
    }
    return 'ready';
  } catch (error) {
    await (written ? deletePrivate(objectKey) : writer.abort()).catch(() => undefined);
    if (error instanceof Superseded) {
      logger.info('an export was replaced or removed while it ran; nothing kept', { userId, exportId });
      return 'skipped';
    }
    logger.error('a data export failed', { error: error as Error, userId, exportId });
    await move({ state: 'failed' }).catch(() => undefined);
    return 'failed';
  }
}

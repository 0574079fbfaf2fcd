/**
 * The cloud's sweeper of big deletions. A route marks the root deleted in one transaction
 * (functions/posts/write.ts `deletePost`, functions/cascades/account-deletion.ts `deleteAccount`,
 * functions/cascades/page-deletion.ts `deletePage`) and,
 * with `SWEEPS=stream` (functions/lib/deferred.ts), stops there. The table's stream (new images)
 * brings the stream dispatcher (functions/system/stream-dispatch.ts) every change whose new image
 * is a post, user or page with `deletedAt` (the event source mapping filters on it), and it hands
 * them to this job, which removes what is left:
 *   - a post: its comments, claims, reactions, photos, then the post item (`sweepPost`);
 *   - a user: each of their posts and plants (`deletePostsOf`), their events, their answers to
 *     dates not yet over (`withdrawAttendance`), their open swaps (`cancelSwapsOf`), their page memberships (`leaveAllPages`), then
 *     their partition (`sweepUser`);
 *   - a page: its posts and events, then its memberships (`sweepPage`; the page item stays, marked);
 *   - an event: its dates and attendance, telling attendees of upcoming dates (`sweepEvent`).
 *
 * Every step is idempotent, so a second delivery finds nothing left and succeeds. The record
 * loop, its retries and failures: stream-records.ts. `handler` runs this job alone over a batch
 * (the tests drive it so); the cloud runs it through the dispatcher.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { PostItem } from '../db/entities/post';
import { db } from '../db/service';
import { logger } from '../lib/logger';
import { getPostItem } from '../posts/post-item';
import { cancelSwapsOf } from '../swaps/sides';
import { removeWantedOf } from '../wanted/wanted';
import { deletePostsOf, sweepPost } from '../posts/write';
import { withdrawAttendance } from '../events/attend';
import { getEvent } from '../events/events';
import { deleteEventsOf, sweepEvent } from '../events/removal';
import { leaveAllPages } from '../pages/members';
import { sweepPage } from '../cascades/page-deletion';
import { sweepUser } from '../cascades/account-deletion';
import { newImageOf, type StreamJob } from './stream-records';


export type Sweep = { kind: 'post'; post: PostItem } | { kind: 'user'; uuid: string } | { kind: 'page'; id: string } | { kind: 'event'; id: string };

/** What a record asks to sweep; null for a record that is not a marked post or user. */
function sweepOf(record: DynamoDBRecord): Sweep | null {
  const item = newImageOf(record);
  if (!item || typeof item.deletedAt !== 'string' || !item.deletedAt) return null;
  if (item.__edb_e__ === 'post') {
    const { data } = db().entities.post.parse({ Item: item });
    return data ? { kind: 'post', post: data as PostItem } : null;
  }
  if (item.__edb_e__ === 'page') {
    const { data } = db().entities.page.parse({ Item: item });
    return data?.id ? { kind: 'page', id: data.id } : null;
  }
  if (item.__edb_e__ === 'event') {
    const { data } = db().entities.event.parse({ Item: item });
    return data?.id ? { kind: 'event', id: data.id } : null;
  }
  if (item.__edb_e__ === 'user') {
    const { data } = db().entities.user.parse({ Item: item });
    return data?.uuid ? { kind: 'user', uuid: data.uuid } : null;
  }
  return null;
}

/** Sweeps a marked post; a post with this id that is live again (a new post) is left alone. */
async function sweepMarkedPost(image: PostItem): Promise<void> {
  const stored = await getPostItem(image.id);
  if (stored && !stored.deletedAt) {
    logger.warn('a post marked deleted is live again; nothing to sweep', { postId: image.id });
    return;
  }
  await sweepPost(stored ?? image);
}

async function run(sweep: Sweep): Promise<void> {
  if (sweep.kind === 'post') {
    await sweepMarkedPost(sweep.post);
    return;
  }
  if (sweep.kind === 'page') {
    await sweepPage(sweep.id);
    return;
  }
  if (sweep.kind === 'event') {
    // Read again: a later record of the same event finds nothing left to do.
    const event = await getEvent(sweep.id, true);
    if (event?.deletedAt) await sweepEvent(event, event.deletedBy);
    return;
  }
  const posts = await deletePostsOf({ type: 'user', id: sweep.uuid });
  await deleteEventsOf({ type: 'user', id: sweep.uuid }, sweep.uuid);
  await withdrawAttendance(sweep.uuid);
  await cancelSwapsOf(sweep.uuid);
  await removeWantedOf(sweep.uuid);
  await leaveAllPages(sweep.uuid);
  await sweepUser(sweep.uuid);
  logger.info('swept a deleted account', { userId: sweep.uuid, posts });
}

/** The job as the record loops take it: which records it sweeps, and how. */
export const sweepDeletedJob: StreamJob<Sweep> = {
  workOf: sweepOf,
  run,
  describe: (sweep) => (sweep.kind === 'post' ? { postId: sweep.post.id } : sweep.kind === 'page' ? { pageId: sweep.id } : sweep.kind === 'event' ? { eventId: sweep.id } : { userId: sweep.uuid }),
  failure: 'sweep of a deleted item failed; the record will be retried',
};

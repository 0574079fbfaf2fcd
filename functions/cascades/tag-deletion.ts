/**
 * Deleting a tag (an admin's DELETE /api/iam/tags/{name}). One transaction marks the tag
 * `deletingAt` (from then on no post, page or interest takes it: their writes check it) and writes
 * the job item (functions/db/entities/tag-delete-job.ts). The job then removes, step by step:
 *
 *   - the tag from each post and plant in its lists (P4, `taglink#<tag>#members`, which holds the
 *     public ones too): per post one transaction of the post put whole without the tag, one
 *     version on and guarded on the version read, its `updatedAt` (so every sort key) unchanged,
 *     so it keeps its place in every feed; its tag link items; the counters it changes; the tag's
 *     usageCount. A link whose post changed meanwhile is read again; a stale link is deleted;
 *   - the tag from each page that carries it (G2b, `tagpages#<tag>`), the same way;
 *   - the interests in it (I2, `tagfans#<tag>`), each with its member's interest counter;
 *   - the tag's feed counters (`counter#tag#<name>`);
 *   - the tag item itself, and the job item.
 *
 * Each step deletes what it handled, so every run starts from the first item left: a run cut
 * short (the Lambda's time) saves `runs` on the job item, a change the stream records, and the
 * next run goes on. Locally the request runs the job at once; in the cloud the stream dispatcher
 * runs it (functions/system/tag-delete.ts). Posts a tag list does not hold (private ones) keep
 * the name in their own tags.
 */
import type { TagDeletion } from '../../shared/answers/tags';
import { counterItemsOf, counterPk } from '../db/items/feed-counter';
import { batchDelete, queryPage } from '../db/batch';
import { absent, and, eq, exists, or } from '../db/condition';
import { interestCountKey, type InterestItem } from '../db/entities/interest';
import type { PageItem } from '../db/entities/page';
import type { PostItem, TagLinkItem } from '../db/entities/post';
import { tagKey, type TagItem } from '../db/entities/tag';
import type { TagDeleteJobItem } from '../db/entities/tag-delete-job';
import { db } from '../db/service';
import { isConditionFailure, txEntities, writeItems, type TxItem } from '../db/transact';
import { deleteItem, updateItem } from '../db/write';
import { sweepsDeferred } from '../lib/deferred';
import { conflict, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { counterItems } from '../posts/counters';

const PAGE = 25;
const ATTEMPTS = 5;
const JOB_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface RunOptions {
  /** Asked between items; true stops the run (the Lambda is short of time). */
  shouldStop?: () => boolean;
}

/** How many posts and plants a tag's members list holds (its counter: one GetItem). */
async function postsCarrying(name: string): Promise<number> {
  const [c] = await counterItemsOf(`tag#${name}`, 'members');
  return (c?.postsAll ?? 0) + (c?.plantsAll ?? 0);
}

/** Starts (or resumes) the deletion of a tag; runs it at once locally. */
export async function deleteTag(name: string): Promise<TagDeletion> {
  const { data } = await db().entities.tag.get({ name }).go({ consistent: true });
  const tag = data as TagItem | null;
  if (!tag) throw notFound('No such tag', 'name');
  if ((tag.childCount ?? 0) > 0) throw conflict('This tag has children: move or delete them first', 'name');
  const posts = await postsCarrying(name);
  let token = tag.deletingAt;
  if (!token) {
    token = new Date().toISOString();
    const nowMs = Date.now();
    const out = await writeItems([
      updateItem({ key: tagKey(name), set: { deletingAt: token }, condition: and(exists(), absent('deletingAt'), or(absent('childCount'), eq('childCount', 0))) }),
      txEntities().tagDeleteJob.put({ name, token, requestedAt: token, runs: 0, expiresAt: Math.floor(nowMs / 1000) + JOB_TTL_SECONDS }).commit(),
    ]);
    if (out.canceled) {
      // Children arrived, or another admin started it meanwhile: read again.
      const again = (await db().entities.tag.get({ name }).go({ consistent: true })).data as TagItem | null;
      if (!again) throw notFound('No such tag', 'name');
      if ((again.childCount ?? 0) > 0) throw conflict('This tag has children: move or delete them first', 'name');
      if (!again.deletingAt) throw conflict('The tag changed meanwhile; try again', 'name');
      token = again.deletingAt;
    }
  } else {
    // Under way already: make sure its job item is there (a finished run removed both).
    await db().entities.tagDeleteJob.put({ name, token, requestedAt: token, runs: 0, expiresAt: Math.floor(Date.now() / 1000) + JOB_TTL_SECONDS }).go();
  }
  if (sweepsDeferred()) return { name, posts, done: false };
  try {
    const done = await runTagDeletion(name, token);
    return { name, posts, done };
  } catch (err) {
    // The tag is marked; deleting it again resumes the job.
    logger.error('could not finish deleting a tag', { error: err as Error, tag: name });
    return { name, posts, done: false };
  }
}

/** The post without the tag, one version on, guarded on the version read (sort keys unchanged). */
function untagPost(post: PostItem, name: string): TxItem[] {
  const after: PostItem = { ...post, tags: post.tags.filter((t) => t !== name), version: post.version + 1 };
  const { id, ...rest } = after;
  const { tagLink } = txEntities();
  const put = txEntities().post.put({ id, ...rest }).where((a, op) => op.eq(a.version, post.version)).commit();
  const links = (['public', 'members'] as const).map((audience) => tagLink.delete({ tag: name, audience, updatedAt: post.updatedAt, id: post.id }).commit() as TxItem);
  const countable = (p: PostItem) => (p.deletedAt ? null : p);
  return [put, ...links, ...counterItems(countable(post), countable(after)), updateItem({ key: tagKey(name), add: { usageCount: -1 }, condition: exists() })];
}

/** Takes the tag off the post a link names (or deletes the link when it is stale). */
async function untagLinked(link: TagLinkItem, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { data } = await db().entities.post.get({ id: link.id }).go({ consistent: true });
    const post = data as PostItem | null;
    if (!post || post.deletedAt || post.updatedAt !== link.updatedAt || !post.tags.includes(name)) {
      await db().entities.tagLink.delete({ tag: name, audience: link.audience, updatedAt: link.updatedAt, id: link.id }).go();
      return;
    }
    const out = await writeItems(untagPost(post, name));
    if (!out.canceled) return;
    if (attempt >= ATTEMPTS) throw new Error(`post ${post.id} kept changing while its tag ${name} was removed`);
  }
}

/** Takes the tag off a page (or deletes the stale link). */
async function untagPage(link: { pageId: string; nameKey: string }, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { data } = await db().entities.page.get({ id: link.pageId }).go({ consistent: true });
    const page = data as PageItem | null;
    const linkDelete = txEntities().pageTagLink.delete({ tag: name, nameKey: link.nameKey, pageId: link.pageId }).commit() as TxItem;
    if (!page || page.deletedAt || page.nameKey !== link.nameKey || !page.tags.includes(name)) {
      await writeItems([linkDelete]);
      return;
    }
    const { id, version, ...rest } = { ...page, tags: page.tags.filter((t) => t !== name) };
    const out = await writeItems([
      txEntities().page.put({ id, ...rest, version: version + 1 }).where((a, op) => op.eq(a.version, page.version)).commit(),
      linkDelete,
      updateItem({ key: tagKey(name), add: { usageCount: -1 }, condition: exists() }),
    ]);
    if (!out.canceled) return;
    if (attempt >= ATTEMPTS) throw new Error(`page ${page.id} kept changing while its tag ${name} was removed`);
  }
}

async function removeInterest(i: InterestItem): Promise<void> {
  const { interest } = txEntities();
  const out = await writeItems([
    interest.delete({ userId: i.userId, tag: i.tag, interestType: i.interestType }).where((a, op) => op.exists(a.followedAt)).commit() as TxItem,
    updateItem({ key: interestCountKey(i.userId), add: { n: -1 } }),
  ]);
  // Already removed (the member unfollowed meanwhile): nothing to count down.
  if (out.canceled) logger.debug('an interest was gone before its tag', { tag: i.tag, userId: i.userId });
}

/**
 * Runs the job from the first item left; true when the tag is gone, false when it stopped early
 * (the next run goes on). Idempotent.
 */
export async function runTagDeletion(name: string, token: string, opts: RunOptions = {}): Promise<boolean> {
  const stop = () => opts.shouldStop?.() === true;
  const { data } = await db().entities.tag.get({ name }).go({ consistent: true });
  if (!data || (data as TagItem).deletingAt !== token) {
    await finishJob(name, token);
    return true;
  }
  for (const audience of ['members', 'public'] as const) {
    for (;;) {
      if (stop()) return false;
      const { data: links } = await db().entities.tagLink.query.byTag({ tag: name, audience }).go({ limit: PAGE });
      if (!links.length) break;
      for (const link of links as TagLinkItem[]) {
        if (stop()) return false;
        await untagLinked(link, name);
      }
    }
  }
  for (;;) {
    if (stop()) return false;
    const { data: links } = await db().entities.pageTagLink.query.byTag({ tag: name }).go({ limit: PAGE });
    if (!links.length) break;
    for (const link of links) {
      if (stop()) return false;
      await untagPage(link, name);
    }
  }
  for (;;) {
    if (stop()) return false;
    const { data: fans } = await db().entities.interest.query.byTag({ tag: name }).go({ limit: PAGE });
    if (!fans.length) break;
    await Promise.all((fans as InterestItem[]).map(removeInterest));
  }
  const counters = (await queryPage(counterPk(`tag#${name}`))).items;
  await batchDelete(counters.map((c) => ({ pk: String(c.pk), sk: String(c.sk) })));
  // The tag goes with its place in the tree: its parent counts one child less (a tag being deleted does not move).
  const parent = (data as TagItem).parentName;
  await writeItems([
    deleteItem(tagKey(name), eq('deletingAt', token)),
    ...(parent ? [updateItem({ key: tagKey(parent), add: { childCount: -1 }, condition: exists() })] : []),
  ]);
  await finishJob(name, token);
  return true;
}

/** Hands the rest of the job to its next run: a change of the job item (the stream records it). */
export async function saveProgress(job: Pick<TagDeleteJobItem, 'name' | 'token'>): Promise<void> {
  try {
    await db().entities.tagDeleteJob.update({ name: job.name }).add({ runs: 1 }).where((a, op) => op.eq(a.token, job.token)).go();
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** Deletes the job item (the one this run was handed). */
export async function finishJob(name: string, token: string): Promise<void> {
  try {
    await db().entities.tagDeleteJob.delete({ name }).where((a, op) => op.eq(a.token, token)).go();
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * The cloud's sweep of big deletions (functions/system/sweep-deleted.ts), driven in-process
 * against the test host's table and bucket. Content is made over HTTP; the deletion then runs as
 * a route Lambda runs it in the cloud (SWEEPS=stream: it only marks the root), and the handler is
 * handed a stream record built from the marked item, as the table's stream would deliver it. The
 * handler is the stream's dispatcher (functions/system/stream-dispatch.ts), run as its Lambda
 * runs, without SWEEPS.
 */
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { call } from '../support/api';
import { objectExists } from '../support/bucket';
import { smallPhotoKey } from '../../shared/content-rules';
import { comment, newPlant, newPost, reactTo, TINY_JPEG, uniqueTag, uploadPhoto, type Author } from '../support/content';
import { getItem, queryPartition, setAttributes } from '../support/db';
import { useHostTableAndBucket } from '../support/host-env';
import { attend, dateIn, newEvent } from '../support/events';
import { eventOf, sequenceOf, streamRecords } from '../support/stream';
import { registeredUser, type TestUser } from '../support/users';

/** Points this worker's own copy of the domain code at the test host's table and bucket, as the host does for handlers. */
beforeAll(() => {
  useHostTableAndBucket({ OUTBOX_DIR: inject('outboxDir'), LOG_LEVEL: 'CRITICAL' });
  delete process.env.SWEEPS;
});
afterEach(() => {
  delete process.env.SWEEPS;
  vi.restoreAllMocks();
});

const sweeper = () => import('../../functions/system/stream-dispatch');

/** Runs `work` as a route Lambda in the cloud runs it: deletions only mark their root. */
async function asCloudRoute<T>(work: () => Promise<T>): Promise<T> {
  process.env.SWEEPS = 'stream';
  try {
    return await work();
  } finally {
    delete process.env.SWEEPS;
  }
}

/** The stream record DynamoDB writes for a change (by default a MODIFY) of the stored item `pk`/`sk` (new image). */
const recordOf = streamRecords(1_000_000, 'MODIFY');

const author = (u: TestUser): Author => ({ uuid: u.uuid, browser: u.browser });

/** A post with two photos (the first with its small rendition), a thread of two comments, and reactions on the post and on a comment. */
async function postWithThread(owner: TestUser, reader: TestUser, tag: string) {
  const photos = [await uploadPhoto(author(owner), TINY_JPEG, 'image/jpeg', { body: TINY_JPEG }), await uploadPhoto(author(owner))];
  const post = await newPost(author(owner), { tags: [tag], photos: [{ key: photos[0]! }, { key: photos[1]!, description: 'the new leaf' }] });
  const top = await comment(author(reader), post.id, 'Where did you find it?');
  const reply = await comment(author(owner), post.id, 'At a swap meet', top);
  await reactTo(author(reader), { post_id: post.id });
  await reactTo(author(owner), { comment_id: top.id });
  return { post, photos, small: smallPhotoKey(photos[0]!), comments: [top, reply] };
}

/** Marks the post deleted as DELETE /api/iam/posts does in the cloud: nothing is swept in the request. */
async function markPost(owner: TestUser, postId: string): Promise<void> {
  const { deletePost } = await import('../../functions/posts/write');
  await asCloudRoute(() => deletePost(postId, owner.uuid, { userId: owner.uuid, admin: false, member: true, suspended: false }));
}

/** What a second delivery must leave as it is: the owner's counters and the tag's usage. */
async function snapshot(ownerId: string, tag: string) {
  return { counters: await queryPartition(`counter#user#${ownerId}`), tag: await getItem('tags', `tag#${tag}`), tagCounters: await queryPartition(`counter#tag#${tag}`) };
}

let owner: TestUser;
let reader: TestUser;

beforeAll(async () => {
  [owner, reader] = await Promise.all([registeredUser(), registeredUser()]);
});

describe('a deleted post', () => {
  it('is only marked by the request; its record sweeps comments, claims, reactions, photos and the post, and a second delivery changes nothing', async () => {
    const tag = uniqueTag();
    const { post, photos, small, comments } = await postWithThread(owner, reader, tag);
    const before = await queryPartition(`post#${post.id}`);
    expect(before.length).toBeGreaterThanOrEqual(5); // the post, 2 comments, 2 reactions

    await markPost(owner, post.id);
    // Marked, out of every list, and nothing swept yet.
    const marked = await getItem(`post#${post.id}`, 'post');
    expect(marked?.deletedAt).toEqual(expect.any(String));
    expect((await queryPartition(`post#${post.id}`)).length).toBe(before.length);
    expect(await getItem(`comment#${comments[0]!.id}`, 'comment')).toBeDefined();
    expect(await objectExists(photos[0]!)).toBe(true);
    expect(await objectExists(small)).toBe(true);
    expect((await call('GET', `/api/post/${post.id}`)).status).toBe(404);

    const { handler } = await sweeper();
    const record = await recordOf(`post#${post.id}`, 'post');
    expect(await handler(eventOf(record))).toEqual({ batchItemFailures: [] });

    expect(await queryPartition(`post#${post.id}`)).toEqual([]);
    for (const c of comments) expect(await getItem(`comment#${c.id}`, 'comment')).toBeUndefined();
    for (const key of [...photos, small]) expect(await objectExists(key), key).toBe(false);
    // Made moments ago, its photos' upload URLs may still work: a record each (the original's
    // stands for its small rendition) leads the sweep of unused uploads to them once they expire.
    for (const key of photos) expect(await getItem(`upload#${key}`, 'upload'), key).toMatchObject({ userId: owner.uuid, size: 0 });
    expect(await getItem(`upload#${small}`, 'upload')).toBeUndefined();

    // The same record again (streams deliver at least once): nothing left, nothing changed.
    const after = await snapshot(owner.uuid, tag);
    expect(await handler(eventOf(record))).toEqual({ batchItemFailures: [] });
    expect(await queryPartition(`post#${post.id}`)).toEqual([]);
    expect(await snapshot(owner.uuid, tag)).toEqual(after);
  });

  it('is left alone when the post with that id is live (a late record of an earlier post)', async () => {
    const { post, photos } = await postWithThread(owner, reader, uniqueTag());
    const live = await getItem(`post#${post.id}`, 'post');
    const stale = await recordOf(`post#${post.id}`, 'post', 'MODIFY', { ...live, deletedAt: new Date().toISOString() });
    const { handler } = await sweeper();
    expect(await handler(eventOf(stale))).toEqual({ batchItemFailures: [] });
    expect((await queryPartition(`post#${post.id}`)).length).toBeGreaterThanOrEqual(5);
    expect(await objectExists(photos[0]!)).toBe(true);
  });
});

describe('a deleted account', () => {
  it('is only marked by the request; its record deletes the member\'s posts and plants, then their partition', async () => {
    const member = await registeredUser();
    const tag = uniqueTag();
    const { post, photos, small } = await postWithThread(member, reader, tag);
    const plant = await newPlant(author(member), { tags: [tag], privacy: 'members' });
    // Their place at someone else's full event goes to the first waiting member when swept.
    const host = await registeredUser();
    const gathering = await newEvent(host, { capacity: 1 });
    const waiter = await registeredUser();
    await attend(member, gathering.specifics[0]!.id, 'GOING');
    await attend(waiter, gathering.specifics[0]!.id, 'GOING');
    const dateKey = gathering.specifics[0]!.id.split('.')[1]!;
    const plantPhotos = ((await getItem(`post#${plant.id}`, 'post'))?.photos as { key: string }[]).map((p) => p.key);
    expect(plantPhotos.length).toBeGreaterThan(0);

    const { deleteAccount } = await import('../../functions/cascades/account-deletion');
    await asCloudRoute(() => deleteAccount(member.uuid));
    expect(await getItem(`user#${member.uuid}`, 'profile')).toMatchObject({ deletedAt: expect.any(String) });
    // Nothing swept in the request: the partition and the posts are still there.
    expect((await queryPartition(`user#${member.uuid}`)).length).toBeGreaterThan(1);
    expect(await getItem(`post#${post.id}`, 'post')).not.toHaveProperty('deletedAt');
    expect(await getItem(`post#${plant.id}`, 'post')).not.toHaveProperty('deletedAt');

    const { handler } = await sweeper();
    const record = await recordOf(`user#${member.uuid}`, 'profile');
    expect(await handler(eventOf(record))).toEqual({ batchItemFailures: [] });

    expect(await queryPartition(`user#${member.uuid}`)).toEqual([]);
    expect(await queryPartition(`post#${post.id}`)).toEqual([]);
    expect(await queryPartition(`post#${plant.id}`)).toEqual([]);
    for (const key of [...photos, small, ...plantPhotos]) expect(await objectExists(key), key).toBe(false);
    expect(await queryPartition(`counter#user#${member.uuid}`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ sk: 'owner', postsAll: 0, plantsAll: 0, plantsAvail: 0 })]),
    );
    expect(await getItem(`event#${gathering.id}`, `attend#${dateKey}#${member.uuid}`)).toBeUndefined();
    expect(await getItem(`event#${gathering.id}`, `attend#${dateKey}#${waiter.uuid}`)).toMatchObject({ status: 'GOING', waiting: false });
    expect(await getItem(`event#${gathering.id}`, `count#${dateKey}`)).toMatchObject({ going: 1, waiting: 0 });

    const after = await snapshot(member.uuid, tag);
    expect(await handler(eventOf(record))).toEqual({ batchItemFailures: [] });
    expect(await queryPartition(`user#${member.uuid}`)).toEqual([]);
    expect(await snapshot(member.uuid, tag)).toEqual(after);
  });
});

describe('a deleted event', () => {
  it('is only marked by the request; its record removes the dates, counts and attendance and tells attendees of upcoming dates once, naming who deleted it', async () => {
    const host = await registeredUser();
    const e = await newEvent(host, { specifics: [dateIn(3), dateIn(4)] });
    const [d0, d1] = [e.specifics[0]!, e.specifics[1]!];
    await attend(reader, d0.id, 'GOING');
    await attend(reader, d1.id, 'MAYBE');
    const { getEvent } = await import('../../functions/events/events');
    const { deleteEvent } = await import('../../functions/events/removal');
    await asCloudRoute(async () => deleteEvent((await getEvent(e.id, true))!, host.uuid));
    expect(await getItem(`event#${e.id}`, 'event')).toMatchObject({ deletedAt: expect.any(String), deletedBy: host.uuid });
    // Nothing swept in the request: the dates and the answers are still there.
    expect((await queryPartition(`event#${e.id}`)).filter((i) => String(i.sk).startsWith('attend#'))).toHaveLength(2);

    const { handler } = await sweeper();
    const record = await recordOf(`event#${e.id}`, 'event');
    expect(await handler(eventOf(record))).toEqual({ batchItemFailures: [] });
    expect((await queryPartition(`event#${e.id}`)).map((i) => i.sk)).toEqual(['event']);
    const told = async () => (await queryPartition(`user#${reader.uuid}`)).filter((i) => i.kind === 'event-cancelled' && i.targetId === e.randomId);
    expect((await told()).map((n) => n.actorId)).toEqual([host.uuid, host.uuid]);
    // A second delivery changes nothing and tells nobody again.
    expect(await handler(eventOf(record))).toEqual({ batchItemFailures: [] });
    expect(await told()).toHaveLength(2);
  });
});

describe('failures', () => {
  it('answers exactly the record whose sweep failed, sweeps the others, and a retry after the cause is gone finishes it', async () => {
    const good = await postWithThread(owner, reader, uniqueTag());
    const bad = await postWithThread(owner, reader, uniqueTag());
    await markPost(owner, good.post.id);
    await markPost(owner, bad.post.id);
    // A photo the sweep may not delete (not a post photo key): its photo step throws.
    const stored = await getItem(`post#${bad.post.id}`, 'post');
    const photosOfBad = stored!.photos as { key: string }[];
    await setAttributes(`post#${bad.post.id}`, 'post', { photos: [...photosOfBad, { key: 'images/avatars/not-a-post-photo.jpg' }] });

    const { logger } = await import('../../functions/lib/logger');
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const { handler } = await sweeper();
    const failing = await recordOf(`post#${bad.post.id}`, 'post');
    const fine = await recordOf(`post#${good.post.id}`, 'post');
    const removed = await recordOf(`post#${good.post.id}`, 'post', 'REMOVE');
    const unrelated = await recordOf(`user#${owner.uuid}`, 'profile');
    const out = await handler(eventOf(failing, fine, removed, unrelated));

    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: sequenceOf(failing) }] });
    expect(logged).toHaveBeenCalledWith('sweep of a deleted item failed; the record will be retried', expect.objectContaining({ postId: bad.post.id, sequenceNumber: sequenceOf(failing) }));
    expect(await queryPartition(`post#${good.post.id}`)).toEqual([]);
    // The failed root stays marked (gone for readers), so the retry can finish it.
    expect(await getItem(`post#${bad.post.id}`, 'post')).toMatchObject({ deletedAt: expect.any(String) });
    // The account in the batch was live: its partition is untouched.
    expect(await getItem(`user#${owner.uuid}`, 'profile')).not.toHaveProperty('deletedAt');

    await setAttributes(`post#${bad.post.id}`, 'post', { photos: photosOfBad });
    expect(await handler(eventOf(failing))).toEqual({ batchItemFailures: [] });
    expect(await queryPartition(`post#${bad.post.id}`)).toEqual([]);
    for (const { key } of photosOfBad) expect(await objectExists(key)).toBe(false);
  });

  it('answers the records the remaining time would not cover without starting them', async () => {
    const { post } = await postWithThread(owner, reader, uniqueTag());
    await markPost(owner, post.id);
    const { handler } = await sweeper();
    const record = await recordOf(`post#${post.id}`, 'post');
    const out = await handler(eventOf(record), { getRemainingTimeInMillis: () => 5_000 });
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: sequenceOf(record) }] });
    expect((await queryPartition(`post#${post.id}`)).length).toBeGreaterThanOrEqual(5);
    expect(await handler(eventOf(record), { getRemainingTimeInMillis: () => 900_000 })).toEqual({ batchItemFailures: [] });
    expect(await queryPartition(`post#${post.id}`)).toEqual([]);
  });
});

/**
 * The table stream's jobs, as its one reader runs them (functions/system/stream-dispatch.ts), are
 * meant to be idempotent like the scheduled ones (jobs-resume.test.ts): a delivery whose work
 * fails half-way is answered as a batch item failure, the redelivery finishes the work exactly
 * once, and a further delivery (streams deliver at least once) finds nothing more to do. Each
 * test leaves a job a few writes of work as a route Lambda in the cloud leaves it (`SWEEPS=stream`:
 * the request writes its change and stops), delivers the change's stream record with the table
 * refusing one write (an error thrown before the command is sent, so it never lands), delivers it
 * again, and checks that the outcome is exactly one clean run's.
 *
 * The local host runs none of these jobs on its own (it has no stream: its routes do the work
 * in-process unless `SWEEPS=stream`), and this file's host has its timers off, so only the
 * deliveries here do the work; each test checks that the work is still there before delivering.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { LOAD_LIMITS } from '../../bench/load/mix';
import { coarsen, encodeGeohash } from '../../shared/geohash';
import { withOwnHost } from '../support/own-host';
import { failedAtTheSecondWrite, jobKit, member, members, modifyRecord, NEWTOWN, newListing, notices, ok, partition, stored, underWrites } from '../support/job-runs';

const own = withOwnHost('jobs-resume-stream-', { scheduledJobs: false, env: { ...LOAD_LIMITS, ADMIN_EMAILS: 'admin@example.com' } });
jobKit(own);

/** Runs `work` (HTTP requests served in this process, or a route's own function) as a route Lambda in the cloud runs: what the stream does is left undone. */
async function deferred<T>(work: () => Promise<T>): Promise<T> {
  process.env.SWEEPS = 'stream';
  try {
    return await work();
  } finally {
    delete process.env.SWEEPS;
  }
}

/** The stream's record of the stored item's creation. */
const insertRecord = async (pk: string, sk: string): Promise<DynamoDBRecord> => ({ ...(await modifyRecord(pk, sk)), eventName: 'INSERT' });

const failureOf = (...records: DynamoDBRecord[]) => ({ batchItemFailures: records.map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber })) });
const NONE_FAILED = { batchItemFailures: [] };

/** A word of letters only, found in no other test's names or texts. */
const uniqueWord = () => Array.from(randomBytes(10), (b) => String.fromCharCode(97 + (b % 26))).join('');

/** Where a member's listings are found: the centre of their ~1 km cell, and the geo indexes' keys of its geohash. */
function listedAt(home: { latitude: number; longitude: number }) {
  const cell = coarsen(home);
  const geohash = encodeGeohash(cell);
  return {
    latitude: cell.latitude, longitude: cell.longitude, geohash,
    geo5pk: `plant#${geohash.slice(0, 5)}`, geo4pk: `plant#${geohash.slice(0, 4)}`, geo3pk: `plant#${geohash.slice(0, 3)}`,
    geo5sk: geohash, geo4sk: geohash, geo3sk: geohash,
  };
}

const keysOf = (writes: { keys: string[] }[]) => writes.flatMap((w) => w.keys);

describe('a stream job whose delivery fails half-way finishes on the redelivery, exactly once', () => {
  // One page of listings (up to 25) is one transaction, with the check that the owner did not move
  // again; the job item's delete follows. So the write that can fail after work has landed is the
  // 2nd: the listings have moved, the job is not finished. The redelivery must not move (so write,
  // one version on) any of them again.
  it('relist-plants: a move whose job failed after moving the listings keeps its job item; the redelivery writes no listing again and ends the job', async () => {
    const { handler } = await import('../../functions/system/stream-dispatch');
    const owner = await member();
    const plants = await Promise.all(['Monstera', 'Fern', 'Hoya'].map((name) => newListing(owner, name)));
    const listing = (id: string) => stored(`post#${id}`, 'post');
    const before = await Promise.all(plants.map(listing));
    for (const p of before) expect(p).toMatchObject(listedAt(NEWTOWN));
    const counters = () => partition(`counter#user#${owner.uuid}`);
    const countsBefore = await counters();

    // The member moves about 30 km, as the profile route runs in the cloud: the change and its job item only.
    const away = { latitude: NEWTOWN.latitude - 0.3, longitude: NEWTOWN.longitude + 0.05 };
    await deferred(() => ok(owner, 'PUT', '/api/iam/authn/update', away));
    const job = await stored(`user#${owner.uuid}`, 'relist');
    expect(job).toMatchObject({ userId: owner.uuid, ownerType: 'user', token: expect.any(String), runs: 0 });
    expect(job).not.toHaveProperty('cursor');
    for (const p of await Promise.all(plants.map(listing))) expect(p, 'left to the job').toMatchObject(listedAt(NEWTOWN));
    const record = await insertRecord(`user#${owner.uuid}`, 'relist');
    const deliver = () => handler({ Records: [record] });

    const first = await underWrites(2, deliver);
    failedAtTheSecondWrite(first);
    expect(first.error).toBeUndefined();
    expect(first.value).toEqual(failureOf(record));
    expect(first.writes).toHaveLength(1);
    expect(first.writes[0]!.command).toBe('TransactWriteItems');
    expect(first.writes[0]!.keys.sort()).toEqual([`user#${owner.uuid} profile`, ...plants.map((id) => `post#${id} post`)].sort());
    expect(first.refused).toEqual({ command: 'DeleteItem', keys: [`user#${owner.uuid} relist`] });
    // The job item is kept as it was: the redelivery runs the same job from the start.
    expect(await stored(`user#${owner.uuid}`, 'relist')).toEqual(job);

    // Lambda delivers the record again: every listing is in place, only the job item goes.
    const second = await underWrites(null, deliver);
    expect(second.value).toEqual(NONE_FAILED);
    expect(second.writes).toEqual([{ command: 'DeleteItem', keys: [`user#${owner.uuid} relist`] }]);
    const after = await Promise.all(plants.map(listing));
    after.forEach((p, i) => {
      expect(p, plants[i]).toMatchObject({ ...listedAt(away), version: Number(before[i]!.version) + 1, updatedAt: before[i]!.updatedAt });
    });
    expect(await stored(`user#${owner.uuid}`, 'relist')).toBeUndefined();
    // Found once each near the new place, and no more near the old one.
    const nearby = async (at: { latitude: number; longitude: number }) =>
      (await ok<{ plants: { id: string }[] }>(owner, 'PUT', '/api/plants/avail-nearby', { ...at, radiusKm: 5 })).plants.map((p) => p.id);
    expect((await nearby(away)).filter((id) => plants.includes(id)).sort()).toEqual([...plants].sort());
    expect((await nearby(NEWTOWN)).filter((id) => plants.includes(id))).toEqual([]);
    expect(await counters()).toEqual(countsBefore);

    // A third delivery moves nothing. It still sends the job item's delete, conditioned on the
    // token it was handed, which finds no item and is refused: harmless.
    const third = await underWrites(null, deliver);
    expect(third.value).toEqual(NONE_FAILED);
    expect(third.writes).toEqual([{ command: 'DeleteItem', keys: [`user#${owner.uuid} relist`] }]);
    expect(await Promise.all(plants.map(listing))).toEqual(after);
    expect(await counters()).toEqual(countsBefore);
  });

  // Each post is one transaction of its own (the post without the tag, its links, the tag's counts),
  // so the 2nd write is the 2nd post's: the first post has lost the tag, the others still carry it.
  it('tag-delete: a run that failed at the second post is answered as a failure; the redelivery takes the tag off the rest once, then the tag', async () => {
    const { handler } = await import('../../functions/system/stream-dispatch');
    const { deleteTag } = await import('../../functions/cascades/tag-deletion');
    const [fan, ...authors] = await members(4);
    const tag = `moss-${uniqueWord()}`;
    const kept = `ferns-${uniqueWord()}`;
    const posts: string[] = [];
    for (const a of authors) {
      const { post } = await ok<{ post: { id: string } }>(a, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'Moss on the north side', tags: [tag, kept], photos: [], privacy: 'public' });
      posts.push(post.id);
    }
    await ok(fan!, 'POST', '/api/iam/tags/new-interests', { tagIdArr: [tag], interestType: 'grow' });
    const interests = async () => Number((await stored(`user#${fan!.uuid}`, 'interest-count'))?.n ?? 0);
    const interestsBefore = await interests();
    const post = (id: string) => stored(`post#${id}`, 'post');
    const before = await Promise.all(posts.map(post));
    const ownerCounts = () => Promise.all(authors.map((a) => partition(`counter#user#${a.uuid}`)));
    const ownerCountsBefore = await ownerCounts();
    expect(await stored('tags', `tag#${tag}`)).toMatchObject({ usageCount: 3 });
    expect(await stored(`counter#tag#${tag}`, 'public')).toMatchObject({ postsAll: 3 });

    // What DELETE /api/iam/tags/{name} runs for an admin, as its Lambda runs it in the cloud: the tag
    // marked and the job item written, nothing more.
    expect(await deferred(() => deleteTag(tag))).toEqual({ name: tag, posts: 3, done: false });
    const job = await stored(`tagdelete#${tag}`, 'job');
    expect(job).toMatchObject({ name: tag, token: expect.any(String), runs: 0 });
    for (const p of await Promise.all(posts.map(post))) expect(p, 'left to the job').toMatchObject({ tags: [tag, kept] });
    const record = await insertRecord(`tagdelete#${tag}`, 'job');
    const deliver = () => handler({ Records: [record] });

    const first = await underWrites(2, deliver);
    failedAtTheSecondWrite(first);
    expect(first.value).toEqual(failureOf(record));
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems']);
    expect(first.refused?.command).toBe('TransactWriteItems');
    const done = posts.filter((id) => first.writes[0]!.keys.includes(`post#${id} post`));
    expect(done).toHaveLength(1);
    expect(posts.filter((id) => first.refused!.keys.includes(`post#${id} post`))).toHaveLength(1);
    // The first post's transaction landed whole, and nothing else did.
    expect(await post(done[0]!)).toMatchObject({ tags: [kept] });
    expect(await stored('tags', `tag#${tag}`)).toMatchObject({ usageCount: 2 });
    expect(await stored(`counter#tag#${tag}`, 'public')).toMatchObject({ postsAll: 2 });
    expect(await stored(`tagdelete#${tag}`, 'job')).toEqual(job);

    const second = await underWrites(null, deliver);
    expect(second.value).toEqual(NONE_FAILED);
    // The post the failed run finished is not written again.
    expect(keysOf(second.writes)).not.toContain(`post#${done[0]} post`);
    const after = await Promise.all(posts.map(post));
    after.forEach((p, i) => {
      expect(p, posts[i]).toMatchObject({ tags: [kept], version: Number(before[i]!.version) + 1, updatedAt: before[i]!.updatedAt, pubsk: before[i]!.pubsk });
    });
    for (const pk of [`taglink#${tag}#public`, `taglink#${tag}#members`, `counter#tag#${tag}`]) expect(await partition(pk), pk).toEqual([]);
    expect(await stored('tags', `tag#${tag}`)).toBeUndefined();
    expect(await stored(`tagdelete#${tag}`, 'job')).toBeUndefined();
    expect(await stored(`user#${fan!.uuid}`, `interest#grow#${tag}`)).toBeUndefined();
    expect(await interests()).toBe(interestsBefore - 1);
    // The other tag still lists and counts every post; the authors' own counts never moved.
    expect(await partition(`taglink#${kept}#public`)).toHaveLength(3);
    expect(await stored(`counter#tag#${kept}`, 'public')).toMatchObject({ postsAll: 3 });
    expect(await ownerCounts()).toEqual(ownerCountsBefore);

    // A third delivery finds the tag gone: it only makes sure its job item is (a delete conditioned
    // on the token, which finds no item and is refused: harmless).
    const third = await underWrites(null, deliver);
    expect(third.value).toEqual(NONE_FAILED);
    expect(third.writes).toEqual([{ command: 'DeleteItem', keys: [`tagdelete#${tag} job`] }]);
    expect(await Promise.all(posts.map(post))).toEqual(after);
    expect(await interests()).toBe(interestsBefore - 1);
  });

  // A post's words are one transaction (its changed slots and the marker of the version indexed),
  // so a single record cannot fail half-way: the batch holds the post's creation and its edit, and
  // the 2nd write is the edit's. Lambda delivers again from the failed record; a third delivery
  // brings the whole batch again, the creation (with the old words) first.
  it('post-words: an edit whose words failed is answered as a failure; the redelivery indexes its words once, and the older record puts no stale word back', async () => {
    const { handler } = await import('../../functions/system/stream-dispatch');
    const { postWords } = await import('../../functions/db/items/search-index');
    const author = await member();
    const [gone, kept, added] = [uniqueWord(), uniqueWord(), uniqueWord()];
    const id = randomUUID();
    await deferred(() => ok(author, 'POST', '/api/iam/posts/new', { id, text: `Repotting the ${kept} calathea into ${gone} bark`, tags: [], photos: [], privacy: 'public' }));
    const created = await insertRecord(`post#${id}`, 'post');
    await deferred(() => ok(author, 'PUT', '/api/iam/posts/update/textandtags', { postId: id, userId: author.uuid, text: `Repotted the ${kept} calathea: ${added} roots`, tags: [] }));
    const edited = await modifyRecord(`post#${id}`, 'post');
    const pk = `search#post#${id}`;
    const slots = () => partition(pk, 'searchw#');
    expect(await stored(pk, 'searchw'), 'left to the job').toBeUndefined();
    expect(await slots()).toEqual([]);
    const deliver = (...records: DynamoDBRecord[]) => () => handler({ Records: records });

    const first = await underWrites(2, deliver(created, edited));
    failedAtTheSecondWrite(first);
    expect(first.value).toEqual(failureOf(edited));
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems']);
    expect(first.refused?.command).toBe('TransactWriteItems');
    expect(await stored(pk, 'searchw')).toMatchObject({ version: 0, words: expect.arrayContaining([gone, kept]) });

    const second = await underWrites(null, deliver(edited));
    expect(second.value).toEqual(NONE_FAILED);
    expect(second.writes.map((w) => w.command)).toEqual(['TransactWriteItems']);
    const post = (await stored(`post#${id}`, 'post'))!;
    const words = postWords({ text: String(post.text), tags: post.tags as string[] });
    expect(words).toEqual(expect.arrayContaining([kept, added]));
    expect(words).not.toContain(gone);
    expect(await stored(pk, 'searchw')).toMatchObject({ version: post.version, words });
    // Each word in one slot, in order, and no slot left over from the words before.
    const indexed = await slots();
    expect(indexed.map((s) => s.token)).toEqual(words);
    indexed.forEach((s, i) => expect(s).toMatchObject({ sk: `searchw#${String(i).padStart(2, '0')}`, gsi3pk: `search#post#${words[i]!.slice(0, 2)}`, gsi3sk: `${words[i]}#${id}` }));

    const third = await underWrites(null, deliver(created, edited));
    expect(third.value).toEqual(NONE_FAILED);
    expect(third.writes).toEqual([]);
    expect(await slots()).toEqual(indexed);
  });

  // The listing's record first goes to post-words (one transaction: its words), then to
  // wanted-match: one transaction per alert (the alert's marker, the notification, its tally, the
  // waiting mail), then the listing's own marker. The 3rd write is the second alert's.
  it('wanted-match: a listing whose alerts failed at the second is answered as a failure; the redelivery alerts the rest, each member once', async () => {
    const { handler } = await import('../../functions/system/stream-dispatch');
    const [lister, ...wanting] = await members(4);
    const word = uniqueWord();
    const entries = new Map<string, string>();
    for (const w of wanting) {
      const { wanted } = await ok<{ wanted: { id: string } }>(w, 'POST', '/api/iam/wanted/new', { plantName: word, radiusKm: 10 });
      entries.set(w.uuid, wanted.id);
    }
    const tally = async (uuid: string) => Number((await stored(`user#${uuid}`, 'notif-tally'))?.unread ?? 0);
    const talliesBefore = await Promise.all(wanting.map((w) => tally(w.uuid)));
    // Listed as the plant route runs in the cloud: no words indexed, nobody alerted.
    const plantId = await deferred(() => newListing(lister!, `${word} hoya`));
    expect(await stored(`post#${plantId}`, 'wantedscan'), 'left to the job').toBeUndefined();
    for (const w of wanting) expect(await notices(w, 'wanted', plantId)).toEqual([]);
    const record = await insertRecord(`post#${plantId}`, 'post');
    const deliver = () => handler({ Records: [record] });
    const hitKey = (uuid: string) => `user#${uuid} wantedhit#${entries.get(uuid)}#${plantId}`;

    const first = await underWrites(3, deliver);
    expect(first.refused?.command).toBe('TransactWriteItems');
    expect(first.value).toEqual(failureOf(record));
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems', 'TransactWriteItems']);
    expect(first.writes[0]!.keys.every((k) => k.startsWith(`search#post#${plantId} `))).toBe(true);
    const alerted = wanting.filter((w) => first.writes[1]!.keys.includes(hitKey(w.uuid)));
    expect(alerted).toHaveLength(1);
    expect(wanting.filter((w) => first.refused!.keys.includes(hitKey(w.uuid)))).toHaveLength(1);
    for (const w of wanting) expect(await notices(w, 'wanted', plantId), w.email).toHaveLength(w === alerted[0] ? 1 : 0);
    expect(await stored(`post#${plantId}`, 'wantedscan')).toBeUndefined();

    const second = await underWrites(null, deliver);
    expect(second.value).toEqual(NONE_FAILED);
    // The words are not indexed again.
    expect(keysOf(second.writes).filter((k) => k.startsWith('search#'))).toEqual([]);
    for (const [i, w] of wanting.entries()) {
      const [notice, ...more] = await notices(w, 'wanted', plantId);
      expect(more, w.email).toEqual([]);
      expect(notice, w.email).toBeDefined();
      expect(await tally(w.uuid), w.email).toBe(talliesBefore[i]! + 1);
      expect(await stored(`user#${w.uuid}`, `wantedhit#${entries.get(w.uuid)}#${plantId}`), w.email).toBeDefined();
      // One mail waits, for that one notification.
      expect(await stored(`mailwait#wanted#${w.uuid}`, `to#user#${w.uuid}`), w.email).toMatchObject({ entries: new Set([notice!.id]) });
    }
    expect(await stored(`post#${plantId}`, 'wantedscan')).toMatchObject({ available: true });

    const third = await underWrites(null, deliver);
    expect(third.value).toEqual(NONE_FAILED);
    expect(third.writes).toEqual([]);
    for (const [i, w] of wanting.entries()) {
      expect(await notices(w, 'wanted', plantId), w.email).toHaveLength(1);
      expect(await tally(w.uuid), w.email).toBe(talliesBefore[i]! + 1);
    }
  });
});

/**
 * The stream's sweep of big deletions (functions/system/sweep-deleted.ts) is idempotent for
 * accounts, pages and events as for posts (test/api/jobs-resume.test.ts, its last test): each
 * test marks its root deleted over HTTP as a route Lambda does in the cloud (`SWEEPS=stream` in
 * this process, where the host runs its routes: the request only marks), hands the dispatcher
 * (functions/system/stream-dispatch.ts) the stream's record of the marked item with the table
 * refusing one write half-way through the sweep, checks that the record is answered as a batch
 * item failure, delivers it again, and checks that the outcome is exactly what one clean run
 * leaves: everything under the root gone, each attendee and other side told once, each count
 * moved once. A third delivery finds nothing to do and writes nothing.
 *
 * An account's and a page's sweeps start with their posts, whose writes after each mark (the
 * deletes of its words in the search index, then its own sweep) only log a failure: in the cloud
 * the marked post's own record sweeps it and the stream's search job drops its words. Their 2nd
 * write would fail and the delivery succeed, so those tests refuse a write further on, in the
 * sweep of the owner's event, where a failure stops the sweep: said in each test.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../bench/load/client';
import { LOAD_LIMITS } from '../../bench/load/mix';
import { withOwnHost } from '../support/own-host';
import {
  attend, dateAt, dateKeyOf, jobKit, members, modifyRecord, newEvent, newListing, notices, ok, partition, startIn, stored, underWrites,
} from '../support/job-runs';

const own = withOwnHost('jobs-resume-sweeps-', { scheduledJobs: false, env: { ...LOAD_LIMITS, ADMIN_EMAILS: 'admin@example.com' } });
jobKit(own);

/** Runs a deletion as a route Lambda runs it in the cloud: the root is only marked, the stream sweeps. */
async function markedByTheRoute(who: Actor, method: string, path: string, body: Record<string, unknown>): Promise<void> {
  process.env.SWEEPS = 'stream';
  try {
    await ok(who, method, path, body);
  } finally {
    delete process.env.SWEEPS;
  }
}

const deliver = async (record: DynamoDBRecord) => (await import('../../functions/system/stream-dispatch')).handler({ Records: [record] });
const siteCounts = async () => (await import('../../functions/db/items/feed-counter')).readSiteCounts();
const unread = async (who: Actor) => Number((await stored(`user#${who.uuid}`, 'notif-tally'))?.unread ?? 0);
/** How many events use the place of `eventId` (all of this file's events meet at the same garden). */
const usesOf = async (eventId: string) => Number((await stored(`evloc#${(await stored(`event#${eventId}`, 'event'))?.locationId}`, 'evloc'))?.eventCount ?? 0);
const sksOf = async (pk: string) => (await partition(pk)).map((i) => i.sk);
const newPage = (admin: Actor) => ok<{ page: { id: string } }>(admin, 'POST', '/api/iam/pages/new', {
  id: randomUUID(), handle: `pg_${randomUUID().replace(/-/g, '').slice(0, 12)}`, name: 'Newtown Community Garden', place: { latitude: -33.8978, longitude: 151.1785 },
});
const newPost = async (who: Actor, text: string, over: Record<string, unknown> = {}) =>
  (await ok<{ post: { id: string } }>(who, 'POST', '/api/iam/posts/new', { id: randomUUID(), text, tags: [], privacy: 'public', photos: [], ...over })).post.id;

describe('a sweep of a deleted account, page or event that fails half-way finishes on the redelivery, exactly once', () => {
  it('an account: its posts, events, answers, swaps, wanted list and page memberships, then its partition', async () => {
    const [leaver, host, ...attendees] = await members(4);
    const postId = await newPost(leaver!, 'New leaves on the monstera');
    const listingId = await newListing(leaver!, 'Hoya');
    // Their event, two dates with two attendees each.
    const event = await newEvent(leaver!, { specifics: [dateAt(startIn(3)), dateAt(startIn(4))] });
    for (const d of event.specifics) for (const [i, a] of attendees.entries()) await attend(a, d.id, i ? 'MAYBE' : 'GOING');
    // Their answer to someone else's upcoming date, their open swap, their page membership and wanted list.
    const theirs = await newEvent(host!, { specifics: [dateAt(startIn(5))] });
    const theirDate = dateKeyOf(theirs.specifics[0]!.id);
    await attend(leaver!, theirs.specifics[0]!.id, 'GOING');
    const plantId = await newListing(host!, 'Fern');
    const { swap } = await ok<{ swap: { id: string } }>(leaver!, 'POST', '/api/iam/swaps/new', { id: randomUUID(), plantId, message: 'Could I have a cutting?' });
    const { page } = await newPage(host!);
    await ok(leaver!, 'POST', '/api/iam/pages/join', { pageId: page.id });
    await ok(leaver!, 'POST', '/api/iam/wanted/new', { plantName: 'Hoya', radiusKm: 10 });
    expect(await stored(`event#${theirs.id}`, `count#${theirDate}`)).toMatchObject({ going: 1 });
    expect(await stored(`page#${page.id}`, 'page')).toMatchObject({ memberCount: 2 });

    await markedByTheRoute(leaver!, 'DELETE', '/api/iam/authn/delete', { uuid: leaver!.uuid });
    expect(await stored(`user#${leaver!.uuid}`, 'profile')).toMatchObject({ deletedAt: expect.any(String) });
    const site = await siteCounts();
    const place = await usesOf(event.id);
    const tallies = await Promise.all(attendees.map(unread));
    const record = await modifyRecord(`user#${leaver!.uuid}`, 'profile');

    // The post (its mark, its words' two batches, its delete) and the listing (the same, its
    // wanted-match item and its photo's upload record) are writes 1 to 10; the event's mark is 11,
    // its first date's attendees 12 and 13: the second of them is refused.
    const first = await underWrites(13, () => deliver(record));
    expect(first.refused?.keys[0]).toMatch(new RegExp(`^event#${event.id} attend#${dateKeyOf(event.specifics[0]!.id)}#`));
    expect(first.value).toEqual({ batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber }] });
    const told = async () => (await Promise.all(attendees.map((a) => notices(a, 'event-cancelled', event.randomId)))).flat();
    expect(await told()).toHaveLength(1);
    expect(await stored(`post#${postId}`, 'post')).toBeUndefined();
    expect(await stored(`event#${theirs.id}`, `attend#${theirDate}#${leaver!.uuid}`), 'left to the redelivery').toBeDefined();
    const counters = async () => ({ owner: await partition(`counter#user#${leaver!.uuid}`), global: await partition('counter#global') });
    const countersAfterPosts = await counters();
    expect(countersAfterPosts.owner).toEqual(expect.arrayContaining([expect.objectContaining({ sk: 'owner', postsAll: 0, plantsAll: 0, plantsAvail: 0 })]));

    // Lambda delivers the record again.
    const second = await underWrites(null, () => deliver(record));
    expect(second.value).toEqual({ batchItemFailures: [] });
    const state = async () => ({
      partition: await partition(`user#${leaver!.uuid}`),
      posts: [await partition(`post#${postId}`), await partition(`post#${listingId}`)],
      event: await sksOf(`event#${event.id}`),
      counters: await counters(),
      site: await siteCounts(),
      place: await usesOf(event.id),
      theirCount: await stored(`event#${theirs.id}`, `count#${theirDate}`),
      theirAnswer: await stored(`event#${theirs.id}`, `attend#${theirDate}#${leaver!.uuid}`),
      swap: (await stored(`swap#${swap.id}`, 'swap'))?.status,
      swapTold: (await notices(host!, 'swap', plantId)).length,
      swapRecord: await stored(`swaprecord#user#${host!.uuid}`, 'record'),
      page: (await stored(`page#${page.id}`, 'page'))?.memberCount,
      membership: await stored(`page#${page.id}`, `member#${leaver!.uuid}`),
      told: (await told()).map((n) => n.actorId),
      tallies: await Promise.all(attendees.map(unread)),
    });
    const after = await state();
    expect(after).toMatchObject({
      partition: [], posts: [[], []], event: ['event'],
      // The posts were counted off in the failed delivery, and not again; the event once.
      counters: countersAfterPosts, site: { ...site, events: site.events - 1 }, place: place - 1,
      theirCount: { going: 0 }, theirAnswer: undefined,
      swap: 'CANCELLED', swapTold: 1, swapRecord: undefined,
      page: 1, membership: undefined,
      // Each attendee once per date, each notice naming who deleted it (the redelivery's too).
      told: Array(4).fill(leaver!.uuid),
      tallies: tallies.map((n) => n + 2),
    });
    expect(after.counters).toEqual(countersAfterPosts);
    for (const a of attendees) expect(await notices(a, 'event-cancelled', event.randomId), a.email).toHaveLength(2);

    const third = await underWrites(null, () => deliver(record));
    expect(third.value).toEqual({ batchItemFailures: [] });
    expect(third.writes).toEqual([]);
    expect(await state()).toEqual(after);
  });

  it('a page: its posts and events, then its memberships; the page item stays, marked', async () => {
    const [admin, ...people] = await members(3);
    const { page } = await newPage(admin!);
    for (const p of people) await ok(p, 'POST', '/api/iam/pages/join', { pageId: page.id });
    const posts = [await newPost(admin!, 'Working bee on Sunday', { pageId: page.id }), await newPost(admin!, 'Seedlings to share', { pageId: page.id })];
    const event = await newEvent(admin!, { pageId: page.id, specifics: [dateAt(startIn(3)), dateAt(startIn(4))] });
    const locationId = String((await stored(`event#${event.id}`, 'event'))?.locationId);
    for (const d of event.specifics) for (const [i, p] of people.entries()) await attend(p, d.id, i ? 'MAYBE' : 'GOING');
    expect(await sksOf(`page#${page.id}`)).toEqual(expect.arrayContaining(['page', ...[admin!, ...people].map((m) => `member#${m.uuid}`)]));

    await markedByTheRoute(admin!, 'DELETE', '/api/iam/pages/page', { pageId: page.id });
    expect(await stored(`page#${page.id}`, 'page')).toMatchObject({ deletedAt: expect.any(String) });
    const site = await siteCounts();
    const place = await usesOf(event.id);
    const tallies = await Promise.all(people.map(unread));
    const record = await modifyRecord(`page#${page.id}`, 'page');

    // The two posts (each its mark, its words' two batches, its delete) are writes 1 to 8, the
    // event's mark 9, its first date's attendees 10 and 11: the first date's own write (the date,
    // its counts, its work marker), 12, is refused after its attendees were told.
    const first = await underWrites(12, () => deliver(record));
    expect(first.refused?.keys[0]).toBe(`event#${event.id} date#${dateKeyOf(event.specifics[0]!.id)}`);
    expect(first.value).toEqual({ batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber }] });
    const told = async () => (await Promise.all(people.map((p) => notices(p, 'event-cancelled', event.randomId)))).flat();
    expect(await told()).toHaveLength(2);
    const counters = () => partition(`counter#page#${page.id}`);
    const countersAfterPosts = await counters();
    expect(countersAfterPosts).toEqual(expect.arrayContaining([expect.objectContaining({ sk: 'owner', postsAll: 0 })]));

    const second = await underWrites(null, () => deliver(record));
    expect(second.value).toEqual({ batchItemFailures: [] });
    const state = async () => ({
      page: await sksOf(`page#${page.id}`),
      posts: await Promise.all(posts.map((id) => partition(`post#${id}`))),
      event: await sksOf(`event#${event.id}`),
      counters: await counters(),
      site: await siteCounts(),
      place: await usesOf(event.id),
      told: (await told()).length,
      tallies: await Promise.all(people.map(unread)),
    });
    const after = await state();
    expect(after).toEqual({
      // The tombstone keeps the page's link to its event's place, at no uses.
      page: [`evloc#${locationId}`, 'page'], posts: [[], []], event: ['event'],
      // The event left the site's count and its place once (its mark landed in the failed delivery).
      counters: countersAfterPosts, site: { ...site, events: site.events - 1 }, place: place - 1,
      told: 4, tallies: tallies.map((n) => n + 2),
    });
    // Once per date each: the first date's attendees were not told again when its write came round.
    for (const p of people) expect(await notices(p, 'event-cancelled', event.randomId), p.email).toHaveLength(2);
    expect(await stored(`page#${page.id}`, 'page')).toMatchObject({ deletedAt: expect.any(String) });
    expect(await stored(`page#${page.id}`, `evloc#${locationId}`)).toMatchObject({ uses: 0 });

    const third = await underWrites(null, () => deliver(record));
    expect(third.value).toEqual({ batchItemFailures: [] });
    expect(third.writes).toEqual([]);
    expect(await state()).toEqual(after);
  });

  it('an event: its dates and attendance, each attendee of an upcoming date told once', async () => {
    const [creator, ...people] = await members(4);
    const event = await newEvent(creator!, { specifics: [dateAt(startIn(3)), dateAt(startIn(4))] });
    for (const d of event.specifics) for (const [i, p] of people.entries()) await attend(p, d.id, i % 2 ? 'MAYBE' : 'GOING');

    await markedByTheRoute(creator!, 'DELETE', '/api/iam/events', { eventId: event.id });
    expect(await stored(`event#${event.id}`, 'event')).toMatchObject({ deletedAt: expect.any(String), deletedBy: creator!.uuid });
    expect((await sksOf(`event#${event.id}`)).filter((sk) => String(sk).startsWith('attend#'))).toHaveLength(6);
    const site = await siteCounts();
    const place = await usesOf(event.id);
    const tallies = await Promise.all(people.map(unread));
    const record = await modifyRecord(`event#${event.id}`, 'event');

    // Each attendee of a date in a transaction of their own (the answer's delete and the notice),
    // then the date's own write.
    const first = await underWrites(2, () => deliver(record));
    expect(first.refused?.keys[0]).toMatch(new RegExp(`^event#${event.id} attend#${dateKeyOf(event.specifics[0]!.id)}#`));
    expect(first.value).toEqual({ batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber }] });
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems']);
    const told = async () => (await Promise.all(people.map((p) => notices(p, 'event-cancelled', event.randomId)))).flat();
    expect(await told()).toHaveLength(1);

    const second = await underWrites(null, () => deliver(record));
    expect(second.value).toEqual({ batchItemFailures: [] });
    // The five answers the failed delivery left and the two dates' writes.
    expect(second.writes).toHaveLength(7);
    const state = async () => ({
      event: await sksOf(`event#${event.id}`),
      site: await siteCounts(),
      place: await usesOf(event.id),
      told: (await told()).map((n) => n.actorId),
      tallies: await Promise.all(people.map(unread)),
      // The mail each attendee will get lists each notice it waits for.
      mails: await Promise.all(people.map(async (p) => (await stored(`mailwait#event#${event.id}`, `to#user#${p.uuid}`))?.entries)),
    });
    const after = await state();
    expect(after).toMatchObject({
      // The request took it off the site's count and its place; the sweep leaves them.
      event: ['event'], site, place,
      told: Array(6).fill(creator!.uuid),
      tallies: tallies.map((n) => n + 2),
    });
    for (const p of people) expect(await notices(p, 'event-cancelled', event.randomId), p.email).toHaveLength(2);
    for (const entries of after.mails) expect([...(entries as Set<string>)]).toHaveLength(2);

    const third = await underWrites(null, () => deliver(record));
    expect(third.value).toEqual({ batchItemFailures: [] });
    expect(third.writes).toEqual([]);
    expect(await state()).toEqual(after);
  });
});

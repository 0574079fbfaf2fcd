/**
 * The migration to keys that name the owner's kind (functions/db/migrations/owner-kinds.ts),
 * run in-process against the test host's table. Content is made over HTTP, then put back in the
 * shapes an older version stored (raw writes: bare owner ids in keys, dates without `ownerType`,
 * conversations under the ids their bare ids made, no id claims), beside a page that holds a
 * member's id. The migration runs cut short by its deadline, then twice at once, then once more
 * (which writes nothing); the routes then find everything again under the new keys.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventDateCard } from '../../shared/answers/events';
import type { ConversationAnswer, InboxAnswer, MessageView } from '../../shared/answers/messages';
import { as, member, type Member } from '../support/accounts';
import { call } from '../support/api';
import { ids, newPlant, newPost, type FeedAnswer } from '../support/content';
import { getItem, queryPartition } from '../support/db';
import { NEWTOWN, newEvent } from '../support/events';
import { useHostTable } from '../support/host-env';
import { newPage } from '../support/pages';
import type { MigrationCursor, OwnerKindsOutcome } from '../../functions/db/migrations/owner-kinds';
import { oldConversation } from '../support/old-shapes';

beforeAll(() => useHostTable());

type Item = Record<string, unknown>;
const doc = async () => (await import('../../functions/db/client')).documentClient();
const table = async () => (await import('../../functions/db/client')).tableName();
const put = async (Item: Item) => (await doc()).send(new PutCommand({ TableName: await table(), Item }));
const del = async (pk: string, sk: string) => (await doc()).send(new DeleteCommand({ TableName: await table(), Key: { pk, sk } }));
const byIndex = async (index: string, field: string, value: string) =>
  ((await (await doc()).send(new QueryCommand({ TableName: await table(), IndexName: index, KeyConditionExpression: '#k = :v', ExpressionAttributeNames: { '#k': field }, ExpressionAttributeValues: { ':v': value } }))).Items ?? []);

/** Owner keys without the owner's kind, as they were. */
const unkinded = (v: unknown) => String(v).replace(/^(owner#|ownerm#|ownerp#|owneravail#|eventsof#|evdates#)(user|page)#/, '$1');

async function oldPost(postId: string): Promise<void> {
  const item = (await getItem(`post#${postId}`, 'post'))!;
  for (const k of ['gsi1pk', 'gsi2pk', 'gsi3pk', 'oavpk', 'oavmpk', 'oavppk']) if (typeof item[k] === 'string') item[k] = unkinded(item[k]);
  await put(item);
}

async function oldEvent(eventId: string): Promise<number> {
  const items = await queryPartition(`event#${eventId}`);
  let dates = 0;
  for (const item of items) {
    if (item.sk === 'event') item.gsi2pk = unkinded(item.gsi2pk);
    else if (String(item.sk).startsWith('date#')) {
      dates++;
      delete item.ownerType;
      if (typeof item.gsi2pk === 'string') item.gsi2pk = unkinded(item.gsi2pk);
    } else continue;
    await put(item);
  }
  return dates;
}

async function converse(from: Member, path: string, body: object): Promise<string> {
  const res = await as<{ convnId: string }>(from.browser, 'POST', `/api/iam/messages/${path}`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data.convnId;
}
async function send(from: Member, conversationId: string, content: string) {
  return as<{ message: MessageView }>(from.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: conversationId, content });
}

const logger = { warnings: [] as string[], info: () => undefined, warn(message: string) { this.warnings.push(message); } };

async function migrate(cursor: MigrationCursor | null, deadline: number, pageSize?: number): Promise<OwnerKindsOutcome> {
  const { migrateOwnerKinds } = await import('../../functions/db/migrations/owner-kinds');
  return migrateOwnerKinds({ cursor, deadline, logger, ...(pageSize ? { pageSize } : {}) });
}

/**
 * Items per Scan page in the runs that go through the whole table: the shared table holds every
 * test's items by the time this file runs, and pages of the job's default (100) made each pass
 * thousands of round trips.
 */
const WHOLE_TABLE_PAGE = 1000;

/** Runs until done, as an operator invokes it again and again; answers the runs' outcomes summed. */
async function migrateAll(cursor: MigrationCursor | null): Promise<{ written: number; collisions: Set<string>; runs: number }> {
  const total = { written: 0, collisions: new Set<string>(), runs: 0 };
  for (;;) {
    const out = await migrate(cursor, Date.now() + 30_000, WHOLE_TABLE_PAGE);
    total.runs++;
    total.written += out.written;
    out.collisions.forEach((c) => total.collisions.add(c));
    if (out.done) return total;
    cursor = out.cursor;
  }
}

describe('the migration to keys that name the owner\'s kind', () => {
  it('moves a member\'s posts, plants, events, dates and conversations (a page\'s too) to the new keys, claims every id, lists a page holding a member\'s id and leaves it alone; resumable and idempotent', async () => {
    const [owner, friend, taken] = await Promise.all([member(), member(), member()]);
    const [o, f] = [owner.profile.uuid, friend.profile.uuid];
    const actor = (m: Member) => ({ uuid: m.profile.uuid, browser: m.browser });
    const post = await newPost(actor(owner), { text: 'my fern' });
    const plant = await newPlant(actor(owner));
    const event = await newEvent(actor(owner), { location: NEWTOWN });
    const page = await newPage(actor(friend));
    const direct = await converse(owner, 'new-u-to-u-conversation', { participants: [o, f] });
    expect((await send(friend, direct, 'the cutting spot')).status).toBe(201);
    expect((await send(owner, direct, 'behind the shed')).status).toBe(201);
    expect((await send(friend, direct, 'thanks!')).status).toBe(201);
    const toPage = await converse(owner, 'new-u-to-p-conversation', { userId: o, pageId: page.id });
    expect((await send(owner, toPage, 'hello page')).status).toBe(201);

    // As the older version stored them.
    await oldPost(post.id);
    await oldPost(plant.id);
    expect(await oldEvent(event.id)).toBeGreaterThan(0);
    const oldDirect = await oldConversation(direct);
    const oldToPage = await oldConversation(toPage);
    for (const id of [o, f, taken.profile.uuid, page.id]) await del(`ownerid#${id}`, 'ownerid');
    // A page holding a member's id, with a post of its own (old keys), as an older version allowed.
    const t = taken.profile.uuid;
    const collidingPage = { ...(await getItem(`page#${page.id}`, 'page'))!, pk: `page#${t}`, id: t, handle: `pg_${t.slice(0, 8)}` };
    const pagePostId = randomUUID();
    const collidingPost = { ...(await getItem(`post#${post.id}`, 'post'))!, pk: `post#${pagePostId}`, id: pagePostId, ownerType: 'page', ownerId: t, gsi1pk: `owner#${t}#post`, gsi3pk: `ownerp#${t}#post` };
    await put(collidingPage);
    await put(collidingPost);
    // Under the old keys, nothing is found.
    expect(ids((await call<FeedAnswer>('GET', `/api/posts/${owner.profile.username}`)).data.posts)).toEqual([]);
    expect((await as<InboxAnswer>(owner.browser, 'GET', '/api/iam/messages/all')).data.conversations).toEqual([]);

    // Twice at once: one run after another cut short by a deadline already passed (each does one
    // item or one page and says where to go on), beside runs that go through in one go.
    const stepwise = async () => {
      let cursor: MigrationCursor | null = null;
      const seen = { runs: 0, collisions: new Set<string>() };
      for (;;) {
        // A few tiny pages show it resumes; then larger ones (the shared table holds every test's items).
        const out = await migrate(cursor, 0, seen.runs < 6 ? 5 : WHOLE_TABLE_PAGE);
        seen.runs++;
        out.collisions.forEach((c) => seen.collisions.add(c));
        if (out.done) return seen;
        expect(out.cursor).not.toEqual(cursor);
        cursor = out.cursor;
      }
    };
    const [short, whole] = await Promise.all([stepwise(), migrateAll(null)]);
    expect(short.runs).toBeGreaterThan(3);
    expect(short.collisions.has(t) || whole.collisions.has(t)).toBe(true);
    // Once more: nothing left to change.
    const again = await migrateAll(null);
    expect(again.written).toBe(0);
    expect([...again.collisions]).toContain(t);
    expect(logger.warnings.length).toBeGreaterThan(0);

    // Claims: every member and page, the colliding id the member's.
    expect(await getItem(`ownerid#${o}`, 'ownerid')).toMatchObject({ ownerType: 'user', id: o });
    expect(await getItem(`ownerid#${f}`, 'ownerid')).toMatchObject({ ownerType: 'user' });
    expect(await getItem(`ownerid#${page.id}`, 'ownerid')).toMatchObject({ ownerType: 'page', createdBy: f });
    expect(await getItem(`ownerid#${t}`, 'ownerid')).toMatchObject({ ownerType: 'user' });
    // The colliding page and its post are as they were.
    expect(await getItem(`page#${t}`, 'page')).toEqual(collidingPage);
    expect(await getItem(`post#${pagePostId}`, 'post')).toEqual(collidingPost);

    // Posts, plants, events and dates are listed again.
    expect(ids((await call<FeedAnswer>('GET', `/api/posts/${owner.profile.username}`)).data.posts)).toEqual([post.id]);
    expect(ids((await call<FeedAnswer>('GET', `/api/plants/by-user/${owner.profile.username}?filter=plantsAvail`)).data.plants)).toEqual([plant.id]);
    const events = await as<{ dates: EventDateCard[] }>(friend.browser, 'GET', `/api/iam/events/get-by-user/${o}`);
    expect(new Set(events.data.dates.map((d) => d.event.id))).toEqual(new Set([event.id]));
    expect((await queryPartition(`event#${event.id}`)).filter((i) => String(i.sk).startsWith('date#')).every((d) => d.ownerType === 'user')).toBe(true);
    expect(await byIndex('gsi2', 'gsi2pk', `eventsof#user#${o}`)).toHaveLength(1);

    // Conversations under their new ids; the old ids are gone, claims and tallies follow.
    expect(await queryPartition(`conv#${oldDirect}`)).toEqual([]);
    expect(await queryPartition(`conv#${oldToPage}`)).toEqual([]);
    const inbox = (await as<InboxAnswer>(owner.browser, 'GET', '/api/iam/messages/all')).data;
    expect(inbox.conversations.map((c) => c.id).sort()).toEqual([direct, toPage].sort());
    expect(inbox.unread.conversationsNotOnMyPages).toEqual([direct]);
    expect(inbox.unreadMsgsTally).toBe(2);
    const pageInbox = (await as<InboxAnswer>(friend.browser, 'GET', `/api/iam/messages/all?pageId=${page.id}`)).data;
    expect(pageInbox.conversations.map((c) => c.id)).toEqual([toPage]);
    expect(pageInbox.unread.conversationsOnMyPages).toEqual([toPage]);
    for (const [who, a, b] of [[owner, o, f], [friend, f, o]] as const) {
      const view = await as<ConversationAnswer>(who.browser, 'GET', `/api/iam/messages/conversation/${a}/${b}`);
      expect(view.status, JSON.stringify(view.json)).toBe(200);
      expect(view.data.messages.map((m) => m.content)).toEqual(['thanks!', 'behind the shed', 'the cutting spot']);
    }
    const staffView = await as<ConversationAnswer>(friend.browser, 'GET', `/api/iam/messages/conversation/${page.id}/${o}`);
    expect(staffView.data.messages.map((m) => m.content)).toEqual(['hello page']);
    const moved = (await queryPartition(`conv#${direct}`)).filter((i) => String(i.sk).startsWith('msg#'));
    for (const m of moved) expect(await getItem(`msgid#${String(m.id)}`, 'msgid')).toMatchObject({ conversationId: direct });
    // Each moved message is marked as the migration's write: the stream dispatcher sends no frame for it.
    const { isMigrationWrite } = await import('../../functions/db/migrations/marker');
    expect(moved.map((m) => isMigrationWrite(m))).toEqual([true, true, true]);
    // Reading marks them seen under the new id; a message to the old id is a 404; the conversation goes on.
    const seen = await as<{ unreadMsgsTally: number }>(owner.browser, 'PUT', '/api/messages/mark-as-seen', { msgsArr: moved.map((m) => String(m.id)) });
    expect(seen.status, JSON.stringify(seen.json)).toBe(200);
    expect(seen.data.unreadMsgsTally).toBe(0);
    expect((await send(owner, oldDirect, 'anyone?')).status).toBe(404);
    expect((await send(friend, direct, 'still here')).status).toBe(201);
    expect((await as<{ unreadMsgsTally: number }>(owner.browser, 'GET', '/api/iam/messages/unread-tally')).data.unreadMsgsTally).toBe(1);
  }, 240_000);

  it('the local host marks a data folder made by this version done without a run, and migrates one that predates it at start-up', async () => {
    const m = await import('../../functions/db/migrations/owner-kinds');
    const { migrateDataFolder } = await import('../../infra/local/migrate-data');
    // The test host's table was new: marked at start, never run.
    expect(await m.ownerKindsProgress()).toMatchObject({ done: true, startedFresh: true, runs: 0 });

    const owner = await member();
    const post = await newPost({ uuid: owner.profile.uuid, browser: owner.browser }, { text: 'from an old folder' });
    await oldPost(post.id);
    await del(m.OWNER_KINDS_PROGRESS_KEY.pk, m.OWNER_KINDS_PROGRESS_KEY.sk);
    const lines: string[] = [];
    await migrateDataFolder(true, (line) => lines.push(line));
    expect(lines[0]).toMatch(/^Migrating the data folder/);
    expect(ids((await call<FeedAnswer>('GET', `/api/posts/${owner.profile.username}`)).data.posts)).toEqual([post.id]);
    const progress = await m.ownerKindsProgress();
    expect(progress).toMatchObject({ done: true, cursor: null });
    expect(progress!.runs).toBeGreaterThan(0);
    expect(progress!.startedFresh).toBeUndefined();

    // Done: the next start runs nothing, and a fresh mark never overwrites the progress.
    lines.length = 0;
    await migrateDataFolder(true, (line) => lines.push(line));
    await migrateDataFolder(false, (line) => lines.push(line));
    expect(lines).toEqual([]);
    expect(await m.ownerKindsProgress()).toEqual(progress);
  
    // The operator's Lambda: each invocation goes on from the saved progress until it answers done.
    const { handler } = await import('../../functions/system/migrate-owner-kinds');
    const almostOut = { getRemainingTimeInMillis: () => 1_000 };
    expect(await handler(null, almostOut)).toMatchObject({ done: true, scanned: 0, written: 0 });
    const first = await handler({ again: true }, almostOut);
    expect(first).toMatchObject({ done: false, written: 0 });
    expect(first.scanned).toBeGreaterThan(0);
    let answer = first;
    while (!answer.done) answer = await handler(null, { getRemainingTimeInMillis: () => 600_000 });
    expect(answer).toMatchObject({ done: true, written: 0 });
    expect(answer.runs).toBeGreaterThan(first.runs);
    expect(await m.ownerKindsProgress()).toMatchObject({ done: true, cursor: null });
    // It scans the whole shared test table three times over: its time grows with the suite before it.
  }, 240_000);
});

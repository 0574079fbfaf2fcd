/**
 * Model-based sequences (fast-check commands) over the routes of posts, comments, reactions,
 * events, messages and swaps: four members do random things to each other's content, a model
 * keeps what each may see, and after every sequence
 *   - no request answered 5xx;
 *   - every read matched the model: a post is readable by exactly those its privacy admits
 *     (public: anyone; members: signed-in members; private: its author), and by no one once deleted;
 *   - every counter the sequence touched equals its recount (functions/admin/recount.ts for the
 *     members' and the tag's feed counts, functions/admin/recount-items.ts for threads, unread
 *     and tallies, attendance and swap records).
 * A failure prints the shrunk sequence of commands, the seed and fast-check's replay path;
 * `FUZZ_SEED=<n>` runs the same sequences again (the members and listings are new, and their
 * requests are tracked across sequences, so a sequence means the same on any run).
 * Runs a bounded number of sequences on the shared test host, on content of its own (a tag, members).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecountRow } from '../../functions/admin/recount';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { newPlant, uniqueTag } from '../support/content';
import { newEvent } from '../support/events';
import { useHostTable } from '../support/host-env';
import { registeredUser, type TestUser } from '../support/users';

beforeAll(() => useHostTable());

const PRIVACIES = ['public', 'members', 'private'] as const;
type Privacy = (typeof PRIVACIES)[number];

interface Model {
  posts: { id: string; author: number; privacy: Privacy; deleted: boolean }[];
  comments: { id: string; postId: string; level: number }[];
  /** `<member>|<post id>`: the member's reaction to the post stands. */
  reactions: Set<string>;
  swaps: { id: string; owner: number; requester: number; plantId: string; status: string }[];
}

interface Real {
  members: TestUser[];
  tag: string;
  plants: { id: string; owner: number }[];
  dates: string[];
  events: string[];
  convs: { id: string; sides: [number, number] }[];
  /**
   * `<member>|<listing>` → the status of the member's request for it, across every sequence (the
   * members and listings outlive a sequence, and so do their requests): one open or received
   * request per member and listing.
   */
  asked: Map<string, string>;
  /** Every status answered, for the no-5xx invariant. */
  statuses: number[];
}

async function act<T = Record<string, unknown>>(real: Real, who: number | null, method: string, path: string, body?: Record<string, unknown>) {
  const res = who === null ? await call<T>(method, path, body ? { body } : {}) : await as<T>(real.members[who]!.browser, method, path, body);
  real.statuses.push(res.status);
  expect(res.status, `${method} ${path} answered ${res.status}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  return res;
}

const at = <T>(xs: readonly T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);

class NewPost implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly privacy: Privacy) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = randomUUID();
    const res = await act(r, this.who, 'POST', '/api/iam/posts/new', { id, text: 'a fern', tags: [r.tag], photos: [], privacy: this.privacy });
    expect(res.status).toBe(201);
    m.posts.push({ id, author: this.who, privacy: this.privacy, deleted: false });
  }
  toString = () => `NewPost(${this.who}, ${this.privacy})`;
}

class DeletePost implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.posts.some((p) => !p.deleted);
  async run(m: Model, r: Real) {
    const post = at(m.posts.filter((p) => !p.deleted), this.pick)!;
    const res = await act(r, post.author, 'DELETE', '/api/iam/posts', { postId: post.id, userId: r.members[post.author]!.uuid });
    expect(res.status).toBe(200);
    post.deleted = true;
    for (const key of [...m.reactions]) if (key.endsWith(`|${post.id}`)) m.reactions.delete(key);
  }
  toString = () => `DeletePost(${this.pick})`;
}

/** Whether `viewer` (null: a guest) may read the post, by the model. */
const mayRead = (post: Model['posts'][number], viewer: number | null) =>
  !post.deleted && (post.privacy === 'public' || (viewer !== null && (post.privacy === 'members' || post.author === viewer)));

class ReadPost implements fc.AsyncCommand<Model, Real> {
  constructor(readonly viewer: number | null, readonly pick: number) {}
  check = (m: Readonly<Model>) => m.posts.length > 0;
  async run(m: Model, r: Real) {
    const post = at(m.posts, this.pick)!;
    const res = await act<{ post: { id: string } }>(r, this.viewer, 'GET', `/api/post/${post.id}`);
    expect(res.status, `${this.toString()} of a ${post.privacy} post by ${post.author}${post.deleted ? ', deleted' : ''}`).toBe(mayRead(post, this.viewer) ? 200 : 404);
  }
  toString = () => `ReadPost(${this.viewer ?? 'guest'}, ${this.pick})`;
}

class Comment implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly pick: number, readonly reply: boolean) {}
  check = (m: Readonly<Model>) => m.posts.length > 0;
  async run(m: Model, r: Real) {
    const post = at(m.posts, this.pick)!;
    const parent = this.reply ? at(m.comments.filter((c) => c.postId === post.id && c.level < 2), this.pick) : undefined;
    const id = randomUUID();
    const level = parent ? parent.level + 1 : 0;
    const res = await act(r, this.who, 'POST', '/api/iam/posts/comment/new', { id, post_id: post.id, content: 'lovely', level, ...(parent ? { parent_id: parent.id } : {}) });
    // A post the commenter may not read, or a deleted one, takes no comment.
    if (mayRead(post, this.who)) {
      expect(res.status).toBe(201);
      m.comments.push({ id, postId: post.id, level });
    } else expect(res.status).toBe(404);
  }
  toString = () => `Comment(${this.who}, ${this.pick}, ${this.reply ? 'reply' : 'top'})`;
}

class React implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly pick: number, readonly undo: boolean) {}
  check = (m: Readonly<Model>) => m.posts.length > 0;
  async run(m: Model, r: Real) {
    const post = at(m.posts, this.pick)!;
    const res = this.undo
      ? await act(r, this.who, 'DELETE', '/api/iam/posts/reaction', { id: `p.${post.id}.${r.members[this.who]!.uuid}` })
      : await act(r, this.who, 'POST', '/api/iam/posts/reaction/new', { post_id: post.id });
    const key = `${this.who}|${post.id}`;
    // Undoing a reaction that is not there is a 404, as is anything on a post one may not read.
    if (!mayRead(post, this.who) || (this.undo && !m.reactions.has(key))) expect(res.status).toBe(404);
    else expect(res.status).toBeLessThan(300);
    if (res.status < 300) {
      if (this.undo) m.reactions.delete(key);
      else m.reactions.add(key);
    }
  }
  toString = () => `${this.undo ? 'Unreact' : 'React'}(${this.who}, ${this.pick})`;
}

class Attend implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly pick: number, readonly status: 'GOING' | 'MAYBE' | 'NOT_GOING') {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const res = await act(r, this.who, 'PUT', '/api/iam/events/upsert-attend-specific', { specificId: at(r.dates, this.pick)!, status: this.status });
    expect(res.status).toBe(200);
  }
  toString = () => `Attend(${this.who}, ${this.pick}, ${this.status})`;
}

class Send implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly side: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const conv = at(r.convs, this.pick)!;
    const res = await act(r, conv.sides[this.side % 2]!, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: conv.id, content: 'hello' });
    expect(res.status).toBe(201);
  }
  toString = () => `Send(${this.pick}, ${this.side % 2})`;
}

class ReadConversation implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly side: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const conv = at(r.convs, this.pick)!;
    const who = conv.sides[this.side % 2]!;
    const [a, b] = conv.sides.map((s) => r.members[s]!.uuid);
    const res = await act<{ messages: { id: string }[] }>(r, who, 'GET', `/api/iam/messages/conversation/${a}/${b}`);
    expect(res.status).toBe(200);
    const latest = res.data.messages[0];
    if (latest) expect((await act(r, who, 'PUT', '/api/messages/mark-as-seen', { msgsArr: [latest.id] })).status).toBe(200);
    // Someone else's conversation is no one else's to read.
    const outsider = [0, 1, 2, 3].find((x) => !conv.sides.includes(x))!;
    expect((await act(r, outsider, 'GET', `/api/iam/messages/conversation/${a}/${b}`)).status).toBeGreaterThanOrEqual(400);
  }
  toString = () => `ReadConversation(${this.pick}, ${this.side % 2})`;
}

class AskSwap implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly pick: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const plant = at(r.plants.filter((p) => p.owner !== this.who), this.pick)!;
    const id = randomUUID();
    const key = `${this.who}|${plant.id}`;
    const before = r.asked.get(key);
    const res = await act(r, this.who, 'POST', '/api/iam/swaps/new', { id, plantId: plant.id, message: 'may I?' });
    // One open request per member and listing, and one received: anything else is a 409.
    expect(res.status, `AskSwap with ${before ?? 'no'} request before`).toBe(before === undefined ? 201 : 409);
    if (res.status === 201) {
      r.asked.set(key, 'REQUESTED');
      m.swaps.push({ id, owner: plant.owner, requester: this.who, plantId: plant.id, status: 'REQUESTED' });
    }
  }
  toString = () => `AskSwap(${this.who}, ${this.pick})`;
}

class MoveSwap implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.swaps.some((s) => ['REQUESTED', 'ACCEPTED', 'HANDED_OVER'].includes(s.status));
  async run(m: Model, r: Real) {
    const swap = at(m.swaps.filter((s) => ['REQUESTED', 'ACCEPTED', 'HANDED_OVER'].includes(s.status)), this.pick)!;
    const [who, status] = swap.status === 'REQUESTED' ? [swap.owner, 'ACCEPTED'] : swap.status === 'ACCEPTED' ? [swap.owner, 'HANDED_OVER'] : [swap.requester, 'RECEIVED'];
    // The other side may not make the owner's move (nor the owner the requester's).
    const other = who === swap.owner ? swap.requester : swap.owner;
    expect((await act(r, other, 'PUT', `/api/iam/swaps/${swap.id}/status`, { status })).status).toBeGreaterThanOrEqual(400);
    const res = await act(r, who, 'PUT', `/api/iam/swaps/${swap.id}/status`, { status });
    if (res.status === 200) {
      swap.status = status;
      r.asked.set(`${swap.requester}|${swap.plantId}`, status);
    }
    else expect(res.status, `MoveSwap ${swap.status} → ${status}`).toBe(409);
  }
  toString = () => `MoveSwap(${this.pick})`;
}

const member = fc.nat(3);
const pick = fc.nat(20);
const commands = [
  fc.tuple(member, fc.constantFrom(...PRIVACIES)).map(([w, p]) => new NewPost(w, p)),
  pick.map((p) => new DeletePost(p)),
  fc.tuple(fc.option(member, { nil: null }), pick).map(([v, p]) => new ReadPost(v, p)),
  fc.tuple(member, pick, fc.boolean()).map(([w, p, reply]) => new Comment(w, p, reply)),
  fc.tuple(member, pick, fc.boolean()).map(([w, p, undo]) => new React(w, p, undo)),
  fc.tuple(member, pick, fc.constantFrom('GOING' as const, 'MAYBE' as const, 'NOT_GOING' as const)).map(([w, p, s]) => new Attend(w, p, s)),
  fc.tuple(pick, fc.nat(1)).map(([p, s]) => new Send(p, s)),
  fc.tuple(pick, fc.nat(1)).map(([p, s]) => new ReadConversation(p, s)),
  fc.tuple(member, pick).map(([w, p]) => new AskSwap(w, p)),
  pick.map((p) => new MoveSwap(p)),
];

/** Every counter the sequence touched, recounted: the rows that differ. */
async function drifts(m: Model, r: Real): Promise<Pick<RecountRow, 'counter' | 'key' | 'stored' | 'recounted'>[]> {
  const { recount } = await import('../../functions/admin/recount');
  const items = await import('../../functions/admin/recount-items');
  const rows: Pick<RecountRow, 'counter' | 'key' | 'stored' | 'recounted'>[] = [];
  for (const scope of [...r.members.map((x) => `user#${x.uuid}`), `tag#${r.tag}`]) rows.push(...(await recount(scope)));
  for (const p of m.posts) rows.push(...(await items.recountThread(p.id)));
  for (const c of r.convs) rows.push(...(await items.recountConversation(c.id)).rows);
  for (const x of r.members) rows.push(...(await items.recountMessageTally(`user#${x.uuid}`)), ...(await items.recountSwapRecord('user', x.uuid)));
  for (const e of r.events) rows.push(...(await items.recountAttendance(e)));
  return items.driftsOf(rows);
}

describe('random members doing random things', () => {
  it('never answer 5xx, never show anyone what they may not see, and leave every count equal to its recount', async () => {
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
    console.info(`stateful fuzzing: FUZZ_SEED=${seed}`);
    const members = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const plants = await Promise.all(members.slice(0, 2).map(async (m, owner) => ({ id: (await newPlant(m)).id, owner })));
    const startsAt = Math.ceil((Date.now() + 3 * 86_400_000) / 3_600_000) * 3_600_000;
    const event = await newEvent(members[3]!, { capacity: 2, specifics: [{ startsAt: new Date(startsAt).toISOString(), endsAt: new Date(startsAt + 7_200_000).toISOString() }] });
    const convs: Real['convs'] = [];
    const asked: Real['asked'] = new Map();
    for (const [a, b] of [[0, 1], [1, 2], [2, 3]] as const) {
      const res = await as<{ convnId: string }>(members[a]!.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [members[a]!.uuid, members[b]!.uuid] });
      convs.push({ id: res.data.convnId, sides: [a, b] });
    }
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const real: Real = { members, tag: uniqueTag(), plants, dates: event.specifics.map((s) => s.id), events: [event.id], convs, asked, statuses: [] };
        const model: Model = { posts: [], comments: [], reactions: new Set(), swaps: [] };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        expect(real.statuses.filter((s) => s >= 500)).toEqual([]);
        expect(await drifts(model, real)).toEqual([]);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS) || 8, seed, verbose: 1 },
    );
  }, 240_000);
});

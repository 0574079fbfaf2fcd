/**
 * What the simulated members do. `setUp` makes the world (members, a plant listing and a post
 * each, a few events with two dates, a conversation between each member and the next); `play`
 * runs every member in a closed loop of weighted actions until the deadline:
 *   reads: the feed, a post with its thread, "Near you", the inbox, a conversation (then marks it seen);
 *   writes: post, comment or reply, react and unreact, attend a date, send a message, ask for a
 *   listing, and move a swap on (the owner accepts and hands over, the asker marks it received).
 *
 * Each write's outcome goes into the ledger: what answered success must be there afterwards,
 * what answered an error must have left nothing (reconcile.ts checks both). A member acts one
 * request at a time, so its last successful reaction or attendance is the state it must have.
 */
import { randomUUID } from 'node:crypto';
import { send, signUpMember, type Actor, type Client } from './client';

/** A 1×1 JPEG: the smallest photo a listing can have. */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** Newtown (NSW): every member lives within a few km of it. */
const HOME = { latitude: -33.8978, longitude: 151.1785 };
const HOUR = 3_600_000;

export interface Conversation {
  id: string;
  /** The two members, in the order the conversation's path names them. */
  sides: [Actor, Actor];
}

export interface Swap {
  id: string;
  owner: Actor;
  requester: Actor;
  status: string;
}

export interface World {
  members: Actor[];
  tags: string[];
  /** Posts and listings that exist (made in the set-up, or answered 201). */
  posts: string[];
  plants: { id: string; owner: Actor }[];
  comments: Map<string, { id: string; level: number }[]>;
  events: { id: string; dates: string[] }[];
  conversations: Conversation[];
  swaps: Swap[];
}

export type Kind = 'post' | 'comment' | 'message' | 'swap';

/** A create with a client id, as sent, and what it answered. */
export interface Create {
  kind: Kind;
  id: string;
  postId?: string;
  author: Actor;
  request: { method: string; path: string; body: Record<string, unknown> };
  status: number;
  /** Success (2xx), an error (4xx/5xx), or no answer at all. */
  outcome: 'ok' | 'error' | 'unknown';
}

export interface Ledger {
  /** Every create with a client id: whether it answered success (2xx), an error (4xx/5xx), or nothing (no answer). */
  creates: Create[];
  /** `<member>|<reaction id>` → whether the member's last successful call left a reaction. */
  reactions: Map<string, boolean>;
  /** `<member>|<date id>` → the status of the member's last successful attendance. */
  attendance: Map<string, string>;
}

export const newLedger = (): Ledger => ({ creates: [], reactions: new Map(), attendance: new Map() });

/** What every member of a run may do as often as it likes (all come from 127.0.0.1). */
export const LOAD_LIMITS: Record<string, string> = {
  RATE_LIMIT_LOGIN_IP: '100000/300',
  RATE_LIMIT_LOGIN_EMAIL: '100000/3600',
  RATE_LIMIT_LOGIN_ACCOUNT: '100000/3600',
  RATE_LIMIT_SIGNUP_IP: '100000/1800',
  RATE_LIMIT_VERIFY_EMAIL: '100000/1800',
  RATE_LIMIT_LINK_MAIL_IP: '100000/1800',
  RATE_LIMIT_POST_USER: '100000/3600',
  RATE_LIMIT_COMMENT_USER: '100000/3600',
  RATE_LIMIT_UPLOAD_USER: '100000/3600',
  RATE_LIMIT_REACTION_USER: '100000/3600',
  RATE_LIMIT_MESSAGE_USER: '100000/3600',
  RATE_LIMIT_SWAP_USER: '100000/3600',
};

const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];
const near = () => ({ latitude: HOME.latitude + (Math.random() - 0.5) * 0.05, longitude: HOME.longitude + (Math.random() - 0.5) * 0.05 });
/** A 503 (after its retries) or no answer at all: the write may or may not have landed. */
export const outcomeOf = (status: number): Create['outcome'] => (status === 599 || status === 503 ? 'unknown' : status < 300 ? 'ok' : 'error');

/** Sends a create and files it in the ledger; answers its status. */
async function create(client: Client, ledger: Ledger, me: Actor, kind: Kind, id: string, path: string, body: Record<string, unknown>, postId?: string): Promise<number> {
  const res = await send(client, me, 'POST', path, body);
  ledger.creates.push({ kind, id, ...(postId ? { postId } : {}), author: me, request: { method: 'POST', path, body }, status: res.status, outcome: outcomeOf(res.status) });
  return res.status;
}

/** Runs `fn` over `items`, at most `at` at once. */
export async function inBatches<T>(items: readonly T[], at: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(at, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  }));
}

async function must<T>(what: string, p: Promise<{ status: number; data: T; error?: unknown }>): Promise<T> {
  const res = await p;
  if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.error)}`);
  return res.data;
}

async function newListing(client: Client, who: Actor, tag: string): Promise<string> {
  const up = await must('upload-url', send<{ url: string; key: string; headers: Record<string, string> }>(client, who, 'POST', '/api/iam/images/upload-url', { contentType: 'image/jpeg', size: TINY_JPEG.length }));
  const put = await fetch(up.url, { method: 'PUT', headers: up.headers, body: new Uint8Array(TINY_JPEG) });
  if (put.status >= 300) throw new Error(`the photo's PUT answered ${put.status}`);
  const { plant } = await must('plant/new', send<{ plant: { id: string } }>(client, who, 'POST', '/api/iam/plant/new', {
    id: randomUUID(), text: 'Cuttings to share', tags: [tag], privacy: 'public',
    plant: { commonName: 'Monstera', botanicalName: 'Monstera deliciosa', availability: 'Available to swap' },
    plant_photos: [{ key: up.key, description: 'the plant' }],
  }));
  return plant.id;
}

/** Members, their listings and posts, events and conversations. */
export async function setUp(client: Client, outboxDir: string, count: number): Promise<World> {
  const tags = Array.from({ length: 3 }, () => `load${randomUUID().replace(/-/g, '').slice(0, 8)}`);
  const members: Actor[] = [];
  await inBatches(Array.from({ length: count }), 8, async () => {
    members.push(await signUpMember(client, outboxDir, near()));
  });
  const world: World = { members, tags, posts: [], plants: [], comments: new Map(), events: [], conversations: [], swaps: [] };
  await inBatches(members, 8, async (m, i) => {
    const plantId = await newListing(client, m, tags[i % tags.length]!);
    world.plants.push({ id: plantId, owner: m });
    const { post } = await must('posts/new', send<{ post: { id: string } }>(client, m, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'Hello from the garden', tags: [tags[i % tags.length]!], photos: [], privacy: 'public' }));
    world.posts.push(plantId, post.id);
  });
  const start = Math.ceil((Date.now() + 3 * 24 * HOUR) / HOUR) * HOUR;
  const dates = [0, 7].map((d) => ({ startsAt: new Date(start + d * 24 * HOUR).toISOString(), endsAt: new Date(start + d * 24 * HOUR + 2 * HOUR).toISOString() }));
  await inBatches(members.slice(0, Math.max(1, Math.floor(count / 8))), 4, async (m, i) => {
    const { event } = await must('events/new', send<{ event: { id: string; specifics: { id: string }[] } }>(client, m, 'POST', '/api/iam/events/new', {
      id: randomUUID(), title: `Cutting swap ${i + 1}`, description: 'Bring cuttings', privacy: 'public', capacity: 8,
      location: { name: 'Newtown Community Garden', address: '12 Australia St', suburbCity: 'Newtown', state: 'New South Wales', country: 'Australia', ...HOME },
      specifics: dates,
    }));
    world.events.push({ id: event.id, dates: event.specifics.map((s) => s.id) });
  });
  await inBatches(members, 8, async (a, i) => {
    const b = members[(i + 1) % members.length]!;
    if (a === b) return;
    const { convnId } = await must('new conversation', send<{ convnId: string }>(client, a, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.uuid, b.uuid] }));
    world.conversations.push({ id: convnId, sides: [a, b] });
  });
  return world;
}

type Action = (client: Client, world: World, ledger: Ledger, me: Actor) => Promise<void>;

const myConversations = (world: World, me: Actor) => world.conversations.filter((c) => c.sides.includes(me));

const ACTIONS: [weight: number, name: string, action: Action][] = [
  [10, 'feed', async (client, _w, _l, me) => void (await send(client, Math.random() < 0.2 ? null : me, 'GET', '/api/content-items/recent'))],
  [10, 'post', async (client, world, _l, me) => {
    const id = pick(world.posts);
    if (id) await send(client, Math.random() < 0.2 ? null : me, 'GET', `/api/post/${id}`);
  }],
  [8, 'near you', async (client, _w, _l, me) => {
    const at = near();
    await send(client, Math.random() < 0.3 ? null : me, 'GET', `/api/nearby/near-you?lat=${at.latitude.toFixed(4)}&long=${at.longitude.toFixed(4)}`);
  }],
  [6, 'inbox', async (client, _w, _l, me) => void (await send(client, me, 'GET', '/api/iam/messages/all'))],
  [5, 'read a conversation', async (client, world, _l, me) => {
    const c = pick(myConversations(world, me));
    if (!c) return;
    const read = await send<{ messages: { id: string }[] }>(client, me, 'GET', `/api/iam/messages/conversation/${c.sides[0].uuid}/${c.sides[1].uuid}`);
    const latest = read.data.messages?.[0];
    if (latest) await send(client, me, 'PUT', '/api/messages/mark-as-seen', { msgsArr: [latest.id] });
  }],
  [4, 'write a post', async (client, world, ledger, me) => {
    const id = randomUUID();
    const status = await create(client, ledger, me, 'post', id, '/api/iam/posts/new', { id, text: `A post ${id.slice(0, 6)}`, tags: [pick(world.tags)!], photos: [], privacy: pick(['public', 'public', 'members', 'private'] as const) });
    if (status < 300) world.posts.push(id);
  }],
  [6, 'comment', async (client, world, ledger, me) => {
    const postId = pick(world.posts);
    if (!postId) return;
    const thread = world.comments.get(postId) ?? [];
    const parent = Math.random() < 0.4 ? pick(thread.filter((c) => c.level < 2)) : undefined;
    const id = randomUUID();
    const status = await create(client, ledger, me, 'comment', id, '/api/iam/posts/comment/new', { id, post_id: postId, content: 'Lovely', level: parent ? parent.level + 1 : 0, ...(parent ? { parent_id: parent.id } : {}) }, postId);
    if (status < 300) world.comments.set(postId, [...thread, { id, level: parent ? parent.level + 1 : 0 }]);
  }],
  [6, 'react', async (client, world, ledger, me) => {
    const postId = pick(world.posts);
    const commentId = Math.random() < 0.3 && postId ? pick(world.comments.get(postId) ?? [])?.id : undefined;
    if (!postId) return;
    const res = await send<{ reaction: { id: string } }>(client, me, 'POST', '/api/iam/posts/reaction/new', commentId ? { comment_id: commentId } : { post_id: postId });
    if (res.status < 300) ledger.reactions.set(`${me.uuid}|${res.data.reaction.id}`, true);
  }],
  [3, 'unreact', async (client, _w, ledger, me) => {
    const mine = [...ledger.reactions].filter(([k, on]) => on && k.startsWith(`${me.uuid}|`)).map(([k]) => k);
    const key = pick(mine);
    if (!key) return;
    const res = await send(client, me, 'DELETE', '/api/iam/posts/reaction', { id: key.split('|')[1]! });
    // A 404: not there (an earlier try that answered 503 may have removed it): removed either way.
    if (res.status < 300 || res.status === 404) ledger.reactions.set(key, false);
  }],
  [5, 'attend', async (client, world, ledger, me) => {
    const date = pick(pick(world.events)?.dates ?? []);
    if (!date) return;
    const status = pick(['GOING', 'GOING', 'MAYBE', 'NOT_GOING'] as const)!;
    const res = await send(client, me, 'PUT', '/api/iam/events/upsert-attend-specific', { specificId: date, status });
    if (res.status < 300) ledger.attendance.set(`${me.uuid}|${date}`, status);
  }],
  [8, 'send a message', async (client, world, ledger, me) => {
    const c = pick(myConversations(world, me));
    if (!c) return;
    const id = randomUUID();
    await create(client, ledger, me, 'message', id, '/api/iam/messages/new', { id, conversation_id: c.id, content: `hello ${id.slice(0, 6)}` });
  }],
  [2, 'ask for a listing', async (client, world, ledger, me) => {
    const plant = pick(world.plants.filter((p) => p.owner !== me));
    if (!plant) return;
    const id = randomUUID();
    const status = await create(client, ledger, me, 'swap', id, '/api/iam/swaps/new', { id, plantId: plant.id, message: 'Could I have a cutting?' });
    if (status < 300) world.swaps.push({ id, owner: plant.owner, requester: me, status: 'REQUESTED' });
  }],
  [3, 'move a swap on', async (client, world, _l, me) => {
    const s = pick(world.swaps.filter((x) => (x.owner === me && (x.status === 'REQUESTED' || x.status === 'ACCEPTED')) || (x.requester === me && x.status === 'HANDED_OVER')));
    if (!s) return;
    const status = s.status === 'REQUESTED' ? 'ACCEPTED' : s.status === 'ACCEPTED' ? 'HANDED_OVER' : 'RECEIVED';
    const res = await send(client, me, 'PUT', `/api/iam/swaps/${s.id}/status`, { status });
    if (res.status < 300) s.status = status;
    else if (res.status === 409) {
      // Moved meanwhile (or by an earlier try that answered 503 and landed): read where it stands.
      const role = s.owner === me ? 'offered' : 'asked';
      const mine = await send<{ swaps: { id: string; status: string }[] }>(client, me, 'GET', `/api/iam/swaps/mine/${role}`);
      const now = mine.data.swaps?.find((x) => x.id === s.id)?.status;
      if (now) s.status = now;
    }
  }],
];

const TOTAL = ACTIONS.reduce((n, [w]) => n + w, 0);

function chooseAction(): Action {
  let r = Math.random() * TOTAL;
  for (const [w, , action] of ACTIONS) {
    if ((r -= w) < 0) return action;
  }
  return ACTIONS[0]![2];
}

/** Every member in a closed loop of actions until `until` (ms since the epoch) or `maxRequests` in all. */
export async function play(client: Client, world: World, ledger: Ledger, until: number, maxRequests = Infinity): Promise<void> {
  await Promise.all(world.members.map(async (me) => {
    while (Date.now() < until && client.recorder.requests < maxRequests) await chooseAction()(client, world, ledger, me);
  }));
}

/**
 * Everything a member owns, read for their data export (functions/exports/archive.ts): each part
 * by the Queries that list it for this member alone (no Scan), every page of them. What the
 * member did as a page's staff belongs to the page and is left out (posts and events published
 * for a page, messages answered as it, reviews written for it).
 *
 *   profile, settings, blocks, wanted   the member's own partition (GetItem, Queries)
 *   posts, plants                       gsi1 `owner#user#<id>#post|plant`
 *   comments, reactions                 gsi1 `authored#user#<id>` (entities/comment.ts)
 *   messages                            gsi2 `convsof#user#<id>`, then each conversation's `msg#` range, their own only
 *   events                              gsi2 `eventsof#user#<id>` (deleted ones left out)
 *   attendance                          gsi1 `attending#<id>` (GOING and MAYBE: the answers kept per member)
 *   swaps                               gsi1 `swapsby#user#<id>`, gsi2 `swapsto#user#<id>`
 *   reviews                             their own, by their swaps' keys (BatchGet); about them, the shown ones on gsi1 `swaprecord#user#<id>`
 */
import { batchGet, queryAll } from '../db/batch';
import { convPk } from '../db/entities/conversation';
import { ownerRefKey } from '../db/entities/owner';
import { keyAttributes } from '../db/table';
import { db } from '../db/service';
import { myReviewKey, swapRecordPk } from '../db/items/swap-record';
import { partiesOf } from '../messages/conversations';
import { readSettings } from '../users/settings-store';
import { getUser } from '../users/users';
import { myWanted } from '../wanted/wanted';
import { messagePhotoKey } from '../lib/private-objects';

/** The stored attributes that are the table's plumbing, not the member's data. */
const PLUMBING = new Set([...keyAttributes(), '__edb_e__', '__edb_v__']);
/**
 * Never exported, even to its owner: the password's hash; who among the admins hid or deleted
 * something, and which staff member moved a swap (the API never names them); the migration's marks.
 */
const SECRET = new Set(['passwordHash', 'hiddenBy', 'deletedBy', 'movedBy', 'migratedAt', 'migratedSig']);

/** A message as its sender reads it: never `withheld` (it would tell them the recipient blocks them). */
const MESSAGE_FIELDS = ['id', 'content', 'createdAt', 'hiddenAt', 'photos'] as const;
const messageOf = (m: Record<string, unknown>) => Object.fromEntries(MESSAGE_FIELDS.filter((k) => m[k] !== undefined).map((k) => [k, m[k]]));

/** An item as the member reads it: without keys, ElectroDB's markers and secrets. */
export function clean(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !PLUMBING.has(k) && !SECRET.has(k)));
}

export interface ExportData {
  profile: Record<string, unknown>;
  settings: Record<string, unknown>;
  posts: Record<string, unknown>[];
  plants: Record<string, unknown>[];
  comments: Record<string, unknown>[];
  reactions: Record<string, unknown>[];
  messages: { conversationId: string; with: { type: string; id: string; name: string; handle: string | null }; messages: Record<string, unknown>[] }[];
  events: Record<string, unknown>[];
  attendance: Record<string, unknown>[];
  swaps: Record<string, unknown>[];
  reviews: { written: Record<string, unknown>[]; received: Record<string, unknown>[] };
  wanted: Record<string, unknown>[];
  blocks: Record<string, unknown>[];
}

/** The parts in the order they are read (each one step of the export's progress). */
export const PARTS = ['profile', 'settings', 'posts', 'plants', 'comments', 'reactions', 'messages', 'events', 'attendance', 'swaps', 'reviews', 'wanted', 'blocks'] as const;
export type Part = (typeof PARTS)[number];

type Reader = (userId: string, got: Partial<ExportData>) => Promise<unknown>;

const ownerPosts = (kind: 'post' | 'plant'): Reader => async (userId) =>
  (await db().entities.post.query.ownerAll({ ownerType: 'user', ownerId: userId, kind }).go({ pages: 'all' })).data.map((p) => clean(p as Record<string, unknown>));

const authored = (prefix: 'comment#' | 'reaction#'): Reader => async (userId) =>
  (await queryAll(`authored#user#${userId}`, { index: 'gsi1', prefix })).map((item) => ({ kind: item.__edb_e__, ...clean(item) }));

async function messagesOf(userId: string): Promise<ExportData['messages']> {
  const sides = (await db().entities.conversationParticipant.query.byParticipant({ participantType: 'user', participantId: userId }).go({ pages: 'all' })).data;
  const parties = await partiesOf(sides.map((s) => ({ type: s.otherType, id: s.otherId })));
  const out: ExportData['messages'] = [];
  for (const side of sides) {
    const own = (await queryAll(convPk(side.conversationId), { prefix: 'msg#' })).filter((m) => m.senderId === userId && !m.asPageId);
    const other = parties.get(ownerRefKey(side.otherType, side.otherId));
    out.push({
      conversationId: side.conversationId,
      with: { type: side.otherType, id: side.otherId, name: other?.name ?? 'A former member', handle: other?.handle ?? null },
      messages: own.map(messageOf),
    });
  }
  return out;
}

async function swapsOf(userId: string): Promise<Record<string, unknown>[]> {
  const q = db().entities.swap.query;
  const asked = (await q.asked({ requesterId: userId }).go({ pages: 'all' })).data.map((s) => ({ role: 'asked', ...clean(s as Record<string, unknown>) }));
  const offered = (await q.offered({ ownerType: 'user', ownerId: userId }).go({ pages: 'all' })).data.map((s) => ({ role: 'offered', ...clean(s as Record<string, unknown>) }));
  return [...asked, ...offered];
}

async function reviewsOf(userId: string, got: Partial<ExportData>): Promise<ExportData['reviews']> {
  const keys = (got.swaps ?? []).map((s) => myReviewKey(String(s.id), s.role === 'asked' ? 'asked' : 'offered'));
  const written = keys.length ? await batchGet(keys) : [];
  // About them: only reviews already shown (a hidden one stays hidden until both have written).
  const received = (await queryAll(swapRecordPk('user', userId), { index: 'gsi1' })).filter((i) => String(i.sk).startsWith('review#'));
  return { written: written.map(clean), received: received.map(clean) };
}

const READERS: Record<Part, Reader> = {
  profile: async (userId) => {
    const user = await getUser(userId, true);
    if (!user) throw new Error('the account is gone');
    return clean(user as Record<string, unknown>);
  },
  settings: async (userId) => ({ ...(await readSettings(userId)) }),
  posts: ownerPosts('post'),
  plants: ownerPosts('plant'),
  comments: authored('comment#'),
  reactions: authored('reaction#'),
  messages: messagesOf,
  events: async (userId) =>
    (await db().entities.event.query.byOwner({ ownerType: 'user', ownerId: userId }).go({ pages: 'all' })).data.filter((e) => !e.deletedAt).map((e) => clean(e as Record<string, unknown>)),
  attendance: async (userId) => (await db().entities.eventAttendance.query.byUser({ userId }).go({ pages: 'all' })).data.map((a) => clean(a as Record<string, unknown>)),
  swaps: swapsOf,
  reviews: reviewsOf,
  wanted: async (userId) => (await myWanted(userId)).map((w) => clean(w as unknown as Record<string, unknown>)),
  blocks: async (userId) => (await db().entities.block.query.byBlocker({ blockerId: userId }).go({ pages: 'all' })).data.map((b) => clean(b as Record<string, unknown>)),
};

/** Reads every part, calling `onPart` after each. */
export async function collectExport(userId: string, onPart: (done: number) => Promise<void>): Promise<ExportData> {
  const got: Partial<ExportData> = {};
  for (const [i, part] of PARTS.entries()) {
    (got as Record<string, unknown>)[part] = await READERS[part](userId, got);
    await onPart(i + 1);
  }
  return got as ExportData;
}

/** The private keys of the photos of the member's own messages (none of a hidden one: its objects are gone). */
export function messagePhotoKeysOf(userId: string, data: ExportData): string[] {
  return data.messages.flatMap((c) =>
    c.messages.flatMap((m) => (m.hiddenAt ? [] : ((m.photos as { id: string }[] | undefined) ?? []).map((p) => messagePhotoKey(userId, p.id)))),
  );
}

/** The image keys the member owns among what was read: their avatar, their posts' and plants' photos, their events' covers. */
export function ownedImageKeysOf(data: ExportData): string[] {
  const keys = new Set<string>();
  if (typeof data.profile.avatar === 'string') keys.add(data.profile.avatar);
  for (const post of [...data.posts, ...data.plants]) {
    for (const photo of (post.photos as { key?: string }[] | undefined) ?? []) if (photo.key) keys.add(photo.key);
  }
  for (const event of data.events) if (typeof event.cover === 'string') keys.add(event.cover);
  return [...keys].filter((k) => k.startsWith('images/'));
}

/**
 * Search by term (S1, docs/data-model.md): the index's candidates per kind (one Query of `gsi3`
 * per kind and term word, in parallel), then one BatchGet of the items themselves with the
 * block items either way, one of the posts' owners, and one Query per event hit for its next
 * date. Every hit is judged on the item as read: ranked by how its names match (terms.ts), and
 * left out unless the viewer may see it now (post privacy as the post routes judge it, no
 * deleted or hidden item, nothing of a suspended or deleted account, nobody out of the
 * directory, nothing of a member either side blocks, no event without an upcoming date).
 */
import type { EventHit, PageHit, PlantHit, PostHit, SearchResults, TagHit, UserHit } from '../../shared/answers/search';
import { smallPhotoKey } from '../../shared/content-rules';
import { batchGet, queryPage, type TableKey } from '../db/batch';
import { blockKey } from '../db/entities/conversation';
import { eventKey, eventPk, type EventDateItem, type EventItem } from '../db/entities/event';
import { pageKey, type PageItem } from '../db/entities/page';
import { postKey, type PostItem } from '../db/entities/post';
import { userKey, type UserItem } from '../db/entities/user';
import { db } from '../db/service';
import type { Viewer } from '../lib/session/viewer';
import { canSee } from '../posts/visibility';
import { accountGone } from '../users/author-live';
import { searchPartition, type SearchKind } from '../db/items/search-index';
import { keyWordOf, matchRank, MIN_TERM_LENGTH } from '../db/items/search-terms';

/** Most hits of each kind. */
export const HITS_PER_KIND = 10;
/** Most candidates read of each kind and term word (the index's items, before judging them). */
const CANDIDATES = 40;
const SNIPPET = 160;

type Raw = Record<string, unknown>;
const keyOf = (k: { pk: string; sk: string }) => `${k.pk}|${k.sk}`;

/** The ids the index holds for a kind, best candidates first: the whole term's, then its longest word's. */
async function candidates(kind: SearchKind, term: string): Promise<string[]> {
  const word = keyWordOf(term);
  const reads = [...new Set([term, ...(word.length >= MIN_TERM_LENGTH ? [word] : [])])];
  const pages = await Promise.all(reads.map((t) => queryPage(searchPartition(kind, t), { index: 'gsi3', prefix: t, limit: CANDIDATES })));
  return [...new Set(pages.flatMap((p) => p.items.map((i) => String(i.id))))];
}

const isLive = (item: { deletedAt?: unknown; hiddenAt?: unknown } | undefined | null): boolean => !!item && !item.deletedAt && !item.hiddenAt;
const userOk = (u: UserItem | undefined): u is UserItem => !!u && isLive(u) && !u.suspended && u.regState === 'complete' && !!u.username;
const displayName = (u: UserItem) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username!;
const snippetOf = (text: string) => (text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1).trimEnd()}…` : text);
const firstPhoto = (p: PostItem) => {
  const photo = p.photos?.[0];
  return photo ? (photo.small ? smallPhotoKey(photo.key) : photo.key) : null;
};

/** Best first: rank, then newest (or the given order). */
function best<T>(hits: { rank: number; order: string; hit: T }[], soonest = false): T[] {
  return hits
    .sort((a, b) => a.rank - b.rank || (soonest ? a.order.localeCompare(b.order) : b.order.localeCompare(a.order)))
    .slice(0, HITS_PER_KIND)
    .map((h) => h.hit);
}

async function tagHits(term: string): Promise<TagHit[]> {
  const { data } = await db().entities.tag.query.byName({}).begins({ name: term.replace(/ /g, '-') }).go({ limit: HITS_PER_KIND });
  return data.map((t) => ({ name: t.name, usageCount: Math.max(0, t.usageCount ?? 0) }));
}

/** How far back of now a date's original start is read from: a date lasting, or moved, longer than this is not a search hit's next date. */
const NEXT_DATE_LOOKBACK_MS = 31 * 24 * 3_600_000;
/** Dates read a page: a series holds up to 300, and its next date is among the first after the lookback. */
const NEXT_DATE_PAGE = 25;

/**
 * The next date of each event that has one not yet over, in parallel: dates are keyed by their
 * original start, so one Query from a month back reads the few around now (a page of 25; more
 * only while none of them is upcoming), not a long series' every date.
 */
async function nextDates(eventIds: string[], nowMs: number): Promise<Map<string, EventDateItem>> {
  const out = new Map<string, EventDateItem>();
  const nowIso = new Date(nowMs).toISOString();
  const from = `date#${String(Math.max(0, nowMs - NEXT_DATE_LOOKBACK_MS)).padStart(13, '0')}`;
  await Promise.all(
    eventIds.map(async (id) => {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await queryPage(eventPk(id), { between: [from, 'date#~'], limit: NEXT_DATE_PAGE, ...(start ? { start } : {}) });
        const dates = db().entities.eventDate.parse({ Items: page.items }).data as EventDateItem[];
        const next = dates.filter((d) => !d.cancelled && !d.deletedAt && d.endsAt >= nowIso).sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
        if (next) return void out.set(id, next);
        start = page.next;
      } while (start);
    }),
  );
  return out;
}

export async function search(term: string, viewer: Viewer & { userId: string }, nowMs = Date.now()): Promise<SearchResults> {
  const me = viewer.userId;
  const [userIds, pageIds, postIds, eventIds, tags] = await Promise.all([
    candidates('user', term),
    candidates('page', term),
    candidates('post', term),
    candidates('event', term),
    tagHits(term),
  ]);
  // The viewer's own account rides in the same BatchGet: a deleted account's cookie finds nothing.
  const read = await batchGet([userKey(me), ...userIds.map(userKey), ...pageIds.map(pageKey), ...postIds.map(postKey), ...eventIds.map(eventKey)]);
  const byKey = new Map(read.map((item) => [keyOf(item as { pk: string; sk: string }), item]));
  const self = byKey.get(keyOf(userKey(me)));
  if (!self || self.deletedAt) throw accountGone();
  const found = (key: { pk: string; sk: string }) => byKey.get(keyOf(key));
  const e = db().entities;
  // Judged on the raw item: moderation's `hiddenAt` is no attribute of the entities' models.
  const parsed = <T>(item: Raw | undefined, parse: (item: Raw) => unknown): T | undefined => (item && isLive(item) ? ((parse(item) ?? undefined) as T | undefined) : undefined);
  const users = userIds.map((id) => parsed<UserItem>(found(userKey(id)), (Item) => e.user.parse({ Item }).data)).filter(userOk);
  const pages = pageIds.map((id) => parsed<PageItem>(found(pageKey(id)), (Item) => e.page.parse({ Item }).data)).filter((p): p is PageItem => !!p && isLive(p));
  const posts = postIds
    .map((id) => parsed<PostItem>(found(postKey(id)), (Item) => e.post.parse({ Item }).data))
    .filter((p): p is PostItem => !!p && isLive(p) && canSee(p, viewer));
  const events = eventIds
    .map((id) => parsed<EventItem>(found(eventKey(id)), (Item) => e.event.parse({ Item }).data))
    .filter((ev): ev is EventItem => !!ev && isLive(ev) && (ev.privacy === 'public' || viewer.member || viewer.admin));

  // The members behind each hit (posts' authors and owners, events' makers), and blocks either way.
  const people = new Set<string>([...users.map((u) => u.uuid), ...posts.map((p) => p.authorId), ...events.map((e) => e.createdBy)]);
  for (const p of posts) if (p.ownerType === 'user') people.add(p.ownerId);
  people.delete(me);
  const ownerPages = new Set(posts.filter((p) => p.ownerType === 'page').map((p) => p.ownerId));
  const known = new Set(users.map((u) => u.uuid));
  const extra: TableKey[] = [
    ...[...people].filter((id) => !known.has(id)).map(userKey),
    ...[...ownerPages].map(pageKey),
    ...[...people].flatMap((id) => [blockKey(me, id), blockKey(id, me)]),
  ];
  const [second, dates] = await Promise.all([extra.length ? batchGet(extra) : Promise.resolve([]), nextDates(events.map((e) => e.id), nowMs)]);
  const blocked = new Set<string>();
  const peopleRead = new Map<string, UserItem>(users.map((u) => [u.uuid, u]));
  const pagesRead = new Map<string, PageItem>();
  for (const item of second as Raw[]) {
    const sk = String(item.sk);
    if (sk.startsWith('block#')) {
      const blocker = String(item.pk).slice('user#'.length);
      blocked.add(blocker === me ? sk.slice('block#'.length) : blocker);
    } else if (!isLive(item)) {
      continue;
    } else if (item.__edb_e__ === 'user') {
      const u = db().entities.user.parse({ Item: item }).data as UserItem | null;
      if (u) peopleRead.set(u.uuid, u);
    } else if (item.__edb_e__ === 'page') {
      const p = db().entities.page.parse({ Item: item }).data as PageItem | null;
      if (p) pagesRead.set(p.id, p);
    }
  }
  // A member counts when their account is live (not deleted, not suspended) and neither side blocks the other.
  const personOk = (id: string) => id === me || (userOk(peopleRead.get(id)) && !blocked.has(id));

  const userHits = best<UserHit>(
    users
      .filter((u) => (u.uuid === me || u.directoryVisible !== false) && personOk(u.uuid))
      .flatMap((u) => {
        const rank = matchRank(term, [displayName(u), u.username]);
        return rank === null ? [] : [{ rank, order: u.createdAt, hit: { id: u.uuid, username: u.username!, name: displayName(u), avatar: u.avatar ?? null } }];
      }),
  );
  const pageHits = best<PageHit>(
    pages.flatMap((p) => {
      const rank = matchRank(term, [p.name, p.handle]);
      return rank === null ? [] : [{ rank, order: p.createdAt, hit: { id: p.id, handle: p.handle, name: p.name, avatar: p.avatar ?? null } }];
    }),
  );

  const ownerOf = (p: PostItem): PostHit['owner'] | null => {
    if (p.ownerType === 'page') {
      const page = pagesRead.get(p.ownerId);
      return page && isLive(page) ? { type: 'page', id: page.id, handle: page.handle, name: page.name } : null;
    }
    const u = p.ownerId === me ? null : peopleRead.get(p.ownerId);
    if (p.ownerId === me) return { type: 'user', id: me, handle: null, name: 'You' };
    return u && userOk(u) ? { type: 'user', id: u.uuid, handle: u.username!, name: displayName(u) } : null;
  };
  const postHits: { rank: number; order: string; hit: PostHit }[] = [];
  const plantHits: { rank: number; order: string; hit: PlantHit }[] = [];
  for (const p of posts) {
    if (!personOk(p.authorId) || (p.ownerType === 'user' && !personOk(p.ownerId))) continue;
    const owner = ownerOf(p);
    if (!owner) continue;
    const plant = p.plant as { commonName?: string; botanicalName?: string; availability?: string } | undefined;
    const rank = matchRank(term, [plant?.commonName, plant?.botanicalName, ...(p.tags ?? [])], p.text);
    if (rank === null) continue;
    const common = { id: p.id, snippet: snippetOf(p.text ?? ''), photo: firstPhoto(p), owner, createdAt: p.createdAt };
    if (p.kind === 'plant') {
      plantHits.push({ rank, order: p.createdAt, hit: { ...common, commonName: plant?.commonName ?? '', botanicalName: plant?.botanicalName || null, availability: plant?.availability ?? null, available: p.available === true } });
    } else postHits.push({ rank, order: p.createdAt, hit: common });
  }

  const eventHits = best<EventHit>(
    events.flatMap((e) => {
      const next = dates.get(e.id);
      if (!next || !personOk(e.createdBy)) return [];
      if (e.ownerType === 'user' && !personOk(e.ownerId)) return [];
      const rank = matchRank(term, [e.title, e.placeName, e.suburbCity]);
      const place = next.placeName ?? next.suburbCity ?? e.placeName ?? e.suburbCity ?? null;
      return rank === null ? [] : [{ rank, order: next.startsAt, hit: { id: e.id, randomId: e.randomId, title: e.title, startsAt: next.startsAt, endsAt: next.endsAt, place } }];
    }),
    true,
  );
  return { users: userHits, pages: pageHits, tags, posts: best(postHits), plants: best(plantHits), events: eventHits };
}

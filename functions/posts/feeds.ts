/**
 * Lists of posts (P2–P4) and a post with its thread (P5). A list page is one Query of the sparse
 * index that holds exactly what the viewer may see (one per source when two lists are merged),
 * plus the counts (one Query or GetItem, in parallel) and one BatchGet for owners and the
 * viewer's reactions. Nothing is filtered after reading, so a page is never short.
 *
 * A cursor is the last item's sort key, `<updatedAt>#<id>`, in base64url (so it travels in a path
 * segment or a query string without escaping); the next page is everything before it. Because
 * every list sorts by the same key, a merged list takes the same cursor.
 */
import type { CommentView, PostView, Responder } from '../../shared/answers/content';
import type { FeedCounts, PostDetail } from '../../shared/answers/feeds';
import { partitionPage, type RawItem } from '../db/batch';
import type { CommentItem, CommentReactionItem, PostReactionItem } from '../db/entities/comment';
import type { PostItem, TagLinkItem } from '../db/entities/post';
import { db } from '../db/service';
import { badRequest, notFound } from '../lib/errors';
import { PAGE_SIZE } from '../lib/paging';
import { readCounts, sees, type Audience } from './counters';
import { canSee, cardKeys, hydrate, ownerCard, reactionIdOf, rememberCards, responderOf, toPostView, usersAnd, type Viewer } from './views';
import { toCommentView } from './thread';
import { getPostItem } from './write';

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)#([0-9a-f-]{36})$/;

export interface Bound {
  updatedAt: string;
  id: string;
}

/** The bound a cursor names; 400 naming `field` when it is not a cursor of a list. */
export function parseCursor(cursor: string | undefined, field = 'cursorId'): Bound | null {
  if (cursor === undefined || cursor === '' || cursor === 'first') return null;
  const m = /^[A-Za-z0-9_-]{1,120}$/.test(cursor) ? CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  if (!m) throw badRequest('is not a cursor of this list; start again from the first page', field);
  return { updatedAt: m[1]!, id: m[2]! };
}

const keyOf = (p: { updatedAt: string; id: string }) => `${p.updatedAt}#${p.id}`;
const cursorOf = (p: { updatedAt: string; id: string }) => Buffer.from(keyOf(p), 'utf8').toString('base64url');

/** One source of a list: the items before `bound`, newest first, at most `limit`. */
export type Source = (bound: Bound | null, limit: number) => Promise<PostItem[]>;

type PostQuery = ReturnType<ReturnType<typeof db>['entities']['post']['query']['feedPublic']>;

function run(query: PostQuery): Source {
  return async (bound, limit) => {
    const ranged = bound ? query.lt(bound) : query;
    const { data } = await ranged.go({ order: 'desc', limit });
    return data as PostItem[];
  };
}

const q = () => db().entities.post.query;

export type ListAudience = Audience;

/** Recent posts or plants of everyone, as an audience sees them. */
export function recentSource(kind: 'post' | 'plant', audience: 'public' | 'members'): Source {
  return run(audience === 'public' ? q().feedPublic({ kind }) : (q().feedMembers({ kind }) as unknown as PostQuery));
}

export function availableSource(audience: 'public' | 'members'): Source {
  return run((audience === 'public' ? q().availPublic({}) : q().availMembers({})) as unknown as PostQuery);
}

export function newsSource(audience: 'public' | 'members'): Source {
  return run((audience === 'public' ? q().newsPublic({}) : q().newsMembers({})) as unknown as PostQuery);
}

export function ownerSource(ownerId: string, kind: 'post' | 'plant', audience: Audience): Source {
  const query = audience === 'owner' ? q().ownerAll({ ownerId, kind }) : audience === 'members' ? q().ownerMembers({ ownerId, kind }) : q().ownerPublic({ ownerId, kind });
  return run(query as unknown as PostQuery);
}

export function ownerAvailableSource(ownerId: string, audience: Audience): Source {
  const query = audience === 'owner' ? q().ownerAvail({ ownerId }) : audience === 'members' ? q().ownerAvailMembers({ ownerId }) : q().ownerAvailPublic({ ownerId });
  return run(query as unknown as PostQuery);
}

/**
 * A tag's posts: link items, then one BatchGet of the posts together with their owners and the
 * viewer's reactions (the links carry the owner ids), so `hydrate` finds the cards ready.
 */
export function tagSource(tag: string, audience: 'public' | 'members', viewer: Viewer): Source {
  return async (bound, limit) => {
    const query = db().entities.tagLink.query.byTag({ tag, audience });
    const { data } = await (bound ? query.lt(bound) : query).go({ order: 'desc', limit });
    const links = data as TagLinkItem[];
    if (!links.length) return [];
    const cards = cardKeys(links.map((l) => ({ id: l.id, ownerId: l.ownerId })), viewer);
    const { users, raw, others } = await usersAnd(cards.users, [...links.map((l) => ({ pk: `post#${l.id}`, sk: 'post' })), ...cards.extra]);
    const posts = new Map<string, PostItem>();
    for (const Item of others) {
      if (Item.__edb_e__ !== 'post') continue;
      const { data: post } = db().entities.post.parse({ Item });
      if (post) posts.set(post.id, post as PostItem);
    }
    // A post changed between the two reads (now private, or moved) is left out, not shown stale.
    const found = links
      .filter((l) => {
        const p = posts.get(l.id);
        return !!p && p.updatedAt === l.updatedAt && sees(audience, p.privacy) && canSee(p, viewer);
      })
      .map((l) => posts.get(l.id)!);
    rememberCards(found, users, raw, viewer);
    return found;
  };
}

export interface ListPage {
  items: PostView[];
  counts: FeedCounts;
  cursorId: string | null;
}

/**
 * One page of a list made of one or more sources (merged newest first), with its counts. Each
 * source is asked for one more item than the page holds, so the cursor is null exactly at the end.
 */
export async function listPage(sources: Source[], counts: Promise<FeedCounts>, viewer: Viewer, cursor: string | undefined, field = 'cursorId', take = PAGE_SIZE): Promise<ListPage> {
  const bound = parseCursor(cursor, field);
  const [pages, feedCounts] = await Promise.all([Promise.all(sources.map((s) => s(bound, take + 1))), counts]);
  const merged = pages.flat().sort((a, b) => (keyOf(a) < keyOf(b) ? 1 : keyOf(a) > keyOf(b) ? -1 : 0));
  const shown = merged.slice(0, take);
  const more = merged.length > take;
  return { items: await hydrate(shown, viewer), counts: feedCounts, cursorId: more && shown.length ? cursorOf(shown[shown.length - 1]!) : null };
}

/** The sources of the home feed's filters. */
export function contentSources(filter: 'all' | 'postsAll' | 'plantsAll' | 'plantsAvail' | 'news', audience: 'public' | 'members'): Source[] {
  switch (filter) {
    case 'postsAll':
      return [recentSource('post', audience)];
    case 'plantsAll':
      return [recentSource('plant', audience)];
    case 'plantsAvail':
      return [availableSource(audience)];
    case 'news':
      return [newsSource(audience)];
    default:
      return [recentSource('post', audience), recentSource('plant', audience)];
  }
}

export function globalCounts(audience: 'public' | 'members'): Promise<FeedCounts> {
  return readCounts('global', audience);
}

/** The audience a viewer reads an owner's lists as: their own view on their own profile. */
export function ownerAudience(ownerId: string, viewer: Viewer): Audience {
  if (viewer.userId === ownerId) return 'owner';
  return viewer.member ? 'members' : 'public';
}

export function userCounts(ownerId: string, viewer: Viewer): Promise<FeedCounts> {
  return readCounts(`user#${ownerId}`, ownerAudience(ownerId, viewer));
}

/** Items of the thread read per page (comments and their reactions), and responders listed at most. */
export const THREAD_PAGE_ITEMS = 300;
export const RESPONDERS_MAX = 100;

/** The thread position a comments cursor names; 400 when it is not one. */
function parseThreadCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const sk = /^[A-Za-z0-9_-]{1,1400}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!/^comment#[0-9a-z]{9}\.[0-9a-f-]{36}(\/[0-9a-z]{9}\.[0-9a-f-]{36})*(!r#[0-9a-f-]{36})?$/.test(sk)) {
    throw badRequest('is not a cursor of this thread; start again from the first page', 'commentsCursor');
  }
  return sk;
}

/**
 * A post with a page of its thread (comments in thread order with their reactions, at most
 * THREAD_PAGE_ITEMS items; `commentsCursor` for the next) and, on the first page, its most
 * recent responders. Reads are bounded: the post, the thread page and the reactions in parallel
 * (each one Query or GetItem), then one BatchGet of the people. Replies whose parent is gone (a
 * deletion's sweep not finished) are left out; a reply whose parent was on an earlier page is
 * kept (the reader holds the parent).
 */
export async function postDetail(id: string, viewer: Viewer, kind?: 'post' | 'plant', commentsCursor?: string): Promise<PostDetail> {
  const pk = `post#${id}`;
  const startSk = parseThreadCursor(commentsCursor);
  const [head, thread, reactions] = await Promise.all([
    getPostItem(id),
    partitionPage(pk, 'comment#', { limit: THREAD_PAGE_ITEMS, ...(startSk ? { startSk } : {}) }),
    startSk ? Promise.resolve({ items: [] as RawItem[], lastSk: null }) : partitionPage(pk, 'reaction#', { limit: RESPONDERS_MAX }),
  ]);
  if (!head || !canSee(head, viewer) || (kind && head.kind !== kind)) throw notFound(kind === 'plant' ? 'Plant not found' : 'Post not found');

  const comments: CommentItem[] = [];
  const myCommentReactions = new Set<string>();
  for (const Item of thread.items) {
    if (Item.__edb_e__ === 'comment') comments.push(db().entities.comment.parse({ Item }).data as CommentItem);
    else if (Item.__edb_e__ === 'commentReaction' && Item.userId === viewer.userId) {
      myCommentReactions.add((db().entities.commentReaction.parse({ Item }).data as CommentReactionItem).commentId);
    }
  }
  const postReactions = reactions.items.map((Item) => db().entities.postReaction.parse({ Item }).data as PostReactionItem);
  const present = new Set<string>();
  const shown = comments.filter((c) => {
    const parentPath = c.path.includes('/') ? c.path.slice(0, c.path.lastIndexOf('/')) : null;
    const earlierPage = parentPath !== null && startSk !== undefined && `comment#${parentPath}` <= startSk;
    const ok = !c.parentId || present.has(c.parentId) || earlierPage;
    if (ok) present.add(c.id);
    return ok;
  });
  const mineKey = viewer.userId && !startSk ? [{ pk, sk: `reaction#${viewer.userId}` }] : [];
  const { users, raw } = await usersAnd([head.ownerId, ...shown.map((c) => c.authorId), ...postReactions.map((r) => r.userId)], mineKey);

  const seen = new Set<string>();
  const responders: Responder[] = [];
  for (const r of [...postReactions].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))) {
    const who = responderOf(users.get(r.userId), r.userId);
    if (seen.has(who.uuid) || seen.has(`@${who.username}`)) continue;
    seen.add(who.uuid).add(`@${who.username}`);
    responders.push(who);
  }
  const mine = viewer.userId && raw.has(`${pk}|reaction#${viewer.userId}`) ? reactionIdOf('p', head.id, viewer.userId) : null;
  const commentViews: CommentView[] = shown.map((c) =>
    toCommentView(c, responderOf(users.get(c.authorId), c.authorId), viewer.userId && myCommentReactions.has(c.id) ? reactionIdOf('c', c.id, viewer.userId) : null),
  );
  return {
    post: toPostView(head, ownerCard(users.get(head.ownerId), head.ownerId), mine),
    comments: commentViews,
    responders,
    commentsCursor: thread.lastSk ? Buffer.from(thread.lastSk, 'utf8').toString('base64url') : null,
  };
}

/** A user's plants, all or only the available ones, as the viewer may see them. */
export function plantSource(ownerId: string, filter: 'plantsAll' | 'plantsAvail', viewer: Viewer): Source {
  const audience = ownerAudience(ownerId, viewer);
  return filter === 'plantsAvail' ? ownerAvailableSource(ownerId, audience) : ownerSource(ownerId, 'plant', audience);
}

/**
 * The content routes as typed calls: feeds (one page in, one `FeedPage` out, whatever the route
 * names its list), single posts and plants, comments, reactions and deletion. Every call goes
 * through the app's API client, which adds the csrf token and the client header.
 */
import type { FeedFilter } from '@shared/constants';
import type { CommentView, FeedCounts, OwnerCard, PostDetail, PostView, ReactionView, Responder } from '@shared/schemas/content';
import { api } from '@/lib/api';

export type PlantFilter = 'plantsAll' | 'plantsAvail';

/** Items per page where the route lets the caller choose. */
export const PAGE_SIZE = 20;

/** The first-page marker of the "my posts" route. */
const FIRST = 'first';

export interface FeedPage {
  items: PostView[];
  counts: FeedCounts | null;
  /** The next page's cursor; null when this page is the last. */
  cursorId: string | null;
  owner: OwnerCard | null;
}

interface RawFeed {
  contentItems?: PostView[];
  posts?: PostView[];
  plants?: PostView[];
  counts?: FeedCounts;
  cursorId?: string | null;
  owner?: OwnerCard;
}

/** Feeds name their list contentItems, posts or plants: one shape for the screens. */
export function toFeedPage(raw: RawFeed): FeedPage {
  return {
    items: raw.contentItems ?? raw.posts ?? raw.plants ?? [],
    counts: raw.counts ?? null,
    cursorId: raw.cursorId ?? null,
    owner: raw.owner ?? null,
  };
}

const seg = (value: string) => encodeURIComponent(value);

async function feed(path: string, query: Record<string, string | undefined>, signal?: AbortSignal): Promise<FeedPage> {
  return toFeedPage(await api.get<RawFeed>(path, { query, signal }));
}

/** A feed as the Feed component reads it: a cache key and a page loader per filter. */
export interface FeedSource {
  /** The cache key, without the filter (added per tab). Starts with contentKeys.all. */
  key: readonly unknown[];
  load: (filter: FeedFilter, cursor: string | null, signal?: AbortSignal) => Promise<FeedPage>;
}

export const contentKeys = {
  all: ['content'] as const,
  /** Everything of one viewer (guests share 'guest'): what they may see differs. */
  viewer: (viewer: string) => ['content', viewer] as const,
  feed: (viewer: string, ...scope: string[]) => ['content', viewer, 'feed', ...scope] as const,
  detail: (viewer: string, kind: 'post' | 'plant', id: string) => ['content', viewer, kind, id] as const,
  counts: (viewer: string, userId: string) => ['content', viewer, 'counts', userId] as const,
};

// ── Feeds ────────────────────────────────────────────────────────────────────────────────────

/** Posts and plants of everyone, newest first (guests and members alike). */
export function contentFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'recent'),
    load: (filter, cursor, signal) =>
      cursor
        ? feed(`/api/content-items/more/${seg(cursor)}`, { filter }, signal)
        : feed('/api/content-items/recent', { filter }, signal),
  };
}

/** Posts and plants with a tag (one list: the route takes no filter). */
export function tagFeed(viewer: string, tag: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'tag', tag),
    load: (_filter, cursor, signal) => feed(`/api/posts/tag/${seg(tag)}`, { cursorId: cursor ?? undefined }, signal),
  };
}

/** A user's posts (postsAll) and plants (plantsAll, plantsAvail) by handle, with their card. */
export function handleFeed(viewer: string, handle: string): FeedSource {
  const h = seg(handle);
  return {
    key: contentKeys.feed(viewer, 'handle', handle.toLowerCase()),
    load: (filter, cursor, signal) => {
      if (filter === 'plantsAll' || filter === 'plantsAvail') {
        return cursor
          ? feed(`/api/plants/by-user/more/${h}`, { filter, cursorId: cursor }, signal)
          : feed(`/api/plants/by-user/${h}`, { filter }, signal);
      }
      return cursor ? feed(`/api/posts/more/by-user/${h}`, { cursorId: cursor }, signal) : feed(`/api/posts/${h}`, {}, signal);
    },
  };
}

/** Recent plants of everyone: all of them, or the available ones. */
export function recentPlantsFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'recent-plants'),
    load: (filter, cursor, signal) => {
      const arg = plantFilter(filter);
      return cursor ? feed(`/api/plants/recent/more/${arg}`, { cursorId: cursor }, signal) : feed(`/api/plants/recent/${arg}`, {}, signal);
    },
  };
}

/** The signed-in user's own posts, private ones included. */
export function myPostsFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'mine', 'posts'),
    load: (_filter, cursor, signal) => feed(`/api/iam/posts/bymyuser/${seg(cursor ?? FIRST)}`, {}, signal),
  };
}

/** The signed-in user's own plants, all or available, private ones included. */
export function myPlantsFeed(viewer: string, userId: string): FeedSource {
  const u = seg(userId);
  return {
    key: contentKeys.feed(viewer, 'mine', 'plants'),
    load: (filter, cursor, signal) => {
      const f = plantFilter(filter);
      return cursor
        ? feed(`/api/iam/moreplantsbyuser/${u}/${f}/${PAGE_SIZE}/${seg(cursor)}`, {}, signal)
        : feed(`/api/iam/plantsbyuser/${u}/${f}/${PAGE_SIZE}`, {}, signal);
    },
  };
}

function plantFilter(filter: FeedFilter): PlantFilter {
  return filter === 'plantsAvail' ? 'plantsAvail' : 'plantsAll';
}

export const userCounts = async (userId: string, signal?: AbortSignal): Promise<FeedCounts> =>
  (await api.get<{ counts: FeedCounts }>(`/api/iam/usercounts/byuser/${seg(userId)}`, { signal })).counts;

// ── Single items ────────────────────────────────────────────────────────────────────────────

/** A post with the first page of its thread, or the next page after `commentsCursor`. */
export const getPost = (id: string, signal?: AbortSignal, commentsCursor?: string) =>
  api.get<PostDetail>(`/api/post/${seg(id)}`, { signal, ...(commentsCursor ? { query: { commentsCursor } } : {}) });

export async function getPlant(id: string, signal?: AbortSignal, commentsCursor?: string): Promise<PostDetail> {
  const { plant, comments, responders, commentsCursor: next } = await api.get<{ plant: PostView; comments: CommentView[]; responders: Responder[]; commentsCursor?: string | null }>(
    `/api/plant/${seg(id)}`,
    { signal, ...(commentsCursor ? { query: { commentsCursor } } : {}) },
  );
  return { post: plant, comments, responders, commentsCursor: next ?? null };
}

/** Deletes the caller's post or plant with its comments, reactions and photos. */
export const deletePost = (postId: string, userId: string) => api.delete<{ deleted: true }>('/api/iam/posts', { postId, userId });

// ── Comments and reactions ──────────────────────────────────────────────────────────────────

export interface NewComment {
  /** The client id of this attempt: kept across retries so that a comment is never made twice. */
  id: string;
  postId: string;
  content: string;
  parent?: { id: string; level: number };
}

export const addComment = ({ id, postId, content, parent }: NewComment) =>
  api.post<{ comment: CommentView; commentCount: number }>('/api/iam/posts/comment/new', {
    id,
    post_id: postId,
    content,
    ...(parent ? { parent_id: parent.id, level: parent.level + 1 } : { level: 0 }),
  });

/** Deletes the caller's comment with all its replies. */
export const deleteComment = (id: string, userId: string) =>
  api.delete<{ deleted: number | boolean; commentCount: number }>('/api/iam/posts/comment', { id, uuid: userId });

export type ReactionTarget = { post_id: string } | { comment_id: string };

export const addReaction = async (target: ReactionTarget): Promise<ReactionView> =>
  (await api.post<{ reaction: ReactionView }>('/api/iam/posts/reaction/new', { ...target })).reaction;

export const removeReaction = (id: string) => api.delete<{ reactionCount: number }>('/api/iam/posts/reaction', { id });

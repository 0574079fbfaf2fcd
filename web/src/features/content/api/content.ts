/**
 * The content routes as typed calls: feeds (one page in, one `FeedPage` out, whatever the route
 * names its list), single posts and plants, comments, reactions and deletion. Every call goes
 * through the app's API client, which adds the csrf token and the client header.
 */
import type { FeedFilter } from '@shared/constants';
import type { OwnerCard, PostView, ReactionView } from '@shared/answers/content';
import type { ContentPage, FeedCounts, OwnerPlantsPage, OwnerPostsPage, PlantsPage, PostDetail, PostsPage } from '@shared/answers/feeds';
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

/** What the feed routes the screens read answer. */
type RawFeed = ContentPage | PostsPage | PlantsPage | OwnerPostsPage | OwnerPlantsPage;

/** Feeds name their list contentItems, posts or plants: one shape for the screens. */
export function toFeedPage(raw: RawFeed): FeedPage {
  const items = 'contentItems' in raw ? raw.contentItems : 'posts' in raw ? raw.posts : 'plants' in raw ? raw.plants : undefined;
  return {
    items: items ?? [],
    counts: raw.counts ?? null,
    cursorId: raw.cursorId ?? null,
    owner: 'owner' in raw ? (raw.owner ?? null) : null,
  };
}

async function feed(answer: Promise<RawFeed>): Promise<FeedPage> {
  return toFeedPage(await answer);
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
        ? feed(api.call('GET /api/content-items/more/{arg}', { arg: cursor, filter }, { signal }))
        : feed(api.call('GET /api/content-items/recent', { filter }, { signal })),
  };
}

/** Posts and plants with a tag (one list: the route takes no filter). */
export function tagFeed(viewer: string, tag: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'tag', tag),
    load: (_filter, cursor, signal) => feed(api.call('GET /api/posts/tag/{tag}', { tag, cursorId: cursor ?? undefined }, { signal })),
  };
}

/** A user's posts (postsAll) and plants (plantsAll, plantsAvail) by handle, with their card. */
export function handleFeed(viewer: string, handle: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'handle', handle.toLowerCase()),
    load: (filter, cursor, signal) => {
      if (filter === 'plantsAll' || filter === 'plantsAvail') {
        return cursor
          ? feed(api.call('GET /api/plants/by-user/more/{user}', { user: handle, filter, cursorId: cursor }, { signal }))
          : feed(api.call('GET /api/plants/by-user/{user}', { user: handle, filter }, { signal }));
      }
      return cursor
        ? feed(api.call('GET /api/posts/more/by-user/{arg}', { arg: handle, cursorId: cursor }, { signal }))
        : feed(api.call('GET /api/posts/{username}', { username: handle }, { signal }));
    },
  };
}

/** Recent plants of everyone: all of them, or the available ones. */
export function recentPlantsFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'recent-plants'),
    load: (filter, cursor, signal) => {
      const arg = plantFilter(filter);
      return cursor
        ? feed(api.call('GET /api/plants/recent/more/{arg}', { arg, cursorId: cursor }, { signal }))
        : feed(api.call('GET /api/plants/recent/{arg}', { arg }, { signal }));
    },
  };
}

/** The signed-in user's own posts, private ones included. */
export function myPostsFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'mine', 'posts'),
    load: (_filter, cursor, signal) => feed(api.call('GET /api/iam/posts/bymyuser/{cursor}', { cursor: cursor ?? FIRST }, { signal })),
  };
}

/** The signed-in user's own plants, all or available, private ones included. */
export function myPlantsFeed(viewer: string, userId: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'mine', 'plants'),
    load: (filter, cursor, signal) => {
      const f = plantFilter(filter);
      return cursor
        ? feed(api.call('GET /api/iam/moreplantsbyuser/{userId}/{filter}/{take}/{cursor}', { userId, filter: f, take: PAGE_SIZE, cursor }, { signal }))
        : feed(api.call('GET /api/iam/plantsbyuser/{userId}/{filter}/{take}', { userId, filter: f, take: PAGE_SIZE }, { signal }));
    },
  };
}

function plantFilter(filter: FeedFilter): PlantFilter {
  return filter === 'plantsAvail' ? 'plantsAvail' : 'plantsAll';
}

export const userCounts = async (userId: string, signal?: AbortSignal): Promise<FeedCounts> =>
  (await api.call('GET /api/iam/usercounts/byuser/{id}', { id: userId }, { signal })).counts;

// ── Single items ────────────────────────────────────────────────────────────────────────────

/** A post with the first page of its thread, or the next page after `commentsCursor`. */
export const getPost = (id: string, signal?: AbortSignal, commentsCursor?: string): Promise<PostDetail> =>
  api.call('GET /api/post/{id}', { id, ...(commentsCursor ? { commentsCursor } : {}) }, { signal });

/** A plant with a page of its thread, as the detail screen reads a post (`post` for `plant`). */
export async function getPlant(id: string, signal?: AbortSignal, commentsCursor?: string): Promise<PostDetail> {
  const { plant, comments, responders, commentsCursor: next } = await api.call('GET /api/plant/{id}', { id, ...(commentsCursor ? { commentsCursor } : {}) }, { signal });
  return { post: plant, comments, responders, commentsCursor: next ?? null };
}

/** Deletes the caller's post or plant with its comments, reactions and photos. */
export const deletePost = (postId: string, userId: string) => api.call('DELETE /api/iam/posts', { postId, userId });

// ── Comments and reactions ──────────────────────────────────────────────────────────────────

export interface NewComment {
  /** The client id of this attempt: kept across retries so that a comment is never made twice. */
  id: string;
  postId: string;
  content: string;
  parent?: { id: string; level: number };
}

export const addComment = ({ id, postId, content, parent }: NewComment) =>
  api.call('POST /api/iam/posts/comment/new', {
    id,
    post_id: postId,
    content,
    ...(parent ? { parent_id: parent.id, level: parent.level + 1 } : { level: 0 }),
  });

/** Deletes the caller's comment with all its replies. */
export const deleteComment = (id: string, userId: string) =>
  api.call('DELETE /api/iam/posts/comment', { id, uuid: userId });

export type ReactionTarget = { post_id: string } | { comment_id: string };

export const addReaction = async (target: ReactionTarget): Promise<ReactionView> =>
  (await api.call('POST /api/iam/posts/reaction/new', { ...target })).reaction;

export const removeReaction = (id: string) => api.call('DELETE /api/iam/posts/reaction', { id });

/**
 * Keeping every cached list and page in step after a change made here (a reaction, a new or
 * deleted post, a comment), so that going back to a feed shows what the member just did
 * without loading it again.
 */
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { FeedFilter } from '@shared/constants';
import type { PostView } from '@shared/answers/posts';
import type { FeedCounts, PostDetail } from '@shared/answers/feeds';
import type { FeedPage } from '@/lib/feed/feed';
import { contentFeed, handleFeed, myPlantsFeed, myPostsFeed, recentPlantsFeed } from './feeds';
import { contentKeys } from '@/lib/feed/keys';

export type FeedData = InfiniteData<FeedPage, string | null>;

export function isFeedData(data: unknown): data is FeedData {
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);
}

export function isPostDetail(data: unknown): data is PostDetail {
  return typeof data === 'object' && data !== null && 'post' in data && Array.isArray((data as { comments?: unknown }).comments);
}

/** The feeds a post belongs to, by filter, as the counts count it. */
export function filtersOf(post: PostView): FeedFilter[] {
  if (post.kind === 'plant') return post.available ? ['plantsAll', 'plantsAvail'] : ['plantsAll'];
  return post.owner.type === 'page' ? ['postsAll', 'news'] : ['postsAll'];
}

export function adjustCounts(counts: FeedCounts, post: PostView, by: 1 | -1): FeedCounts {
  const next = { ...counts };
  for (const f of filtersOf(post)) next[f] = Math.max(0, (next[f] ?? 0) + by);
  return next;
}

/** Changes one post wherever it is cached: in any feed and on its own page. */
export function patchPost(client: QueryClient, id: string, patch: Partial<PostView>): void {
  client.setQueriesData<unknown>({ queryKey: contentKeys.all }, (data: unknown) => {
    if (isFeedData(data)) {
      if (!data.pages.some((p) => p.items.some((item) => item.id === id))) return data;
      return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((item) => (item.id === id ? { ...item, ...patch } : item)) })) };
    }
    if (isPostDetail(data) && data.post.id === id) return { ...data, post: { ...data.post, ...patch } };
    return data;
  });
}

/** Takes a deleted post out of every cached feed (and its counts); its own page is left to its screen. */
export function removePost(client: QueryClient, post: PostView): void {
  client.setQueriesData<unknown>({ queryKey: contentKeys.all }, (data: unknown) => {
    if (!isFeedData(data) || !data.pages.some((p) => p.items.some((item) => item.id === post.id))) return data;
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        items: p.items.filter((item) => item.id !== post.id),
        counts: p.counts ? adjustCounts(p.counts, post, -1) : p.counts,
      })),
    };
  });
  // Counts held on their own (a profile's) are loaded again when next shown.
  void client.invalidateQueries({ predicate: (q) => q.queryKey[2] === 'counts' && q.queryKey[0] === contentKeys.all[0] });
}

/** Puts a new post at the front of a feed's cached list (when that list is cached and lacks it). */
export function prependPost(client: QueryClient, key: QueryKey, post: PostView): void {
  client.setQueryData<FeedData>(key, (data) => {
    if (!data || data.pages.length === 0 || data.pages.some((p) => p.items.some((item) => item.id === post.id))) return data;
    const [first, ...rest] = data.pages;
    return {
      ...data,
      pages: [{ ...first!, items: [post, ...first!.items] }, ...rest].map((p) => ({ ...p, counts: p.counts ? adjustCounts(p.counts, post, 1) : p.counts })),
    };
  });
}

/**
 * A post the member just created, put at the front of the cached feeds it belongs to: their
 * own lists always, the public ones unless it is private. Counts held on their own reload.
 */
export function addCreatedPost(client: QueryClient, viewer: string, post: PostView): void {
  const filters = filtersOf(post);
  const sources = [post.kind === 'plant' ? myPlantsFeed(viewer, post.authorId) : myPostsFeed(viewer)];
  if (post.privacy !== 'private') {
    sources.push(contentFeed(viewer));
    if (post.kind === 'plant') sources.push(recentPlantsFeed(viewer));
  }
  if (post.owner.handle) sources.push(handleFeed(viewer, post.owner.handle));
  for (const source of sources) {
    for (const f of filters) prependPost(client, [...source.key, f], post);
  }
  void client.invalidateQueries({ predicate: (q) => q.queryKey[2] === 'counts' && q.queryKey[0] === contentKeys.all[0] });
}

/** The feeds (each a FeedSource for lib/feed's useFeed), the counts by filter, and who a handle names. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PAGE_SIZE } from '@shared/constants';
import type { FeedCounts } from '@shared/answers/feeds';
import { api } from '@/lib/api';
import { feedPage, type FeedSource, plantFilter, useFeed } from '@/lib/feed/feed';
import { contentKeys } from '@/lib/feed/keys';
import { useAuth } from '@/lib/auth/auth-store';
import { viewerOf, viewerReady } from '@/lib/ids';

/** The home feed: posts and plants of everyone, newest first (guests and members alike). */
export function contentFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'recent'),
    load: (filter, cursor, signal) =>
      cursor
        ? feedPage(api.call('GET /api/content-items/more/{arg}', { arg: cursor, filter }, { signal }))
        : feedPage(api.call('GET /api/content-items/recent', { filter }, { signal })),
  };
}

/** A user's posts (postsAll) and plants (plantsAll, plantsAvail) by handle, with their card. */
export function handleFeed(viewer: string, handle: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'handle', handle.toLowerCase()),
    load: (filter, cursor, signal) => {
      if (filter === 'plantsAll' || filter === 'plantsAvail') {
        return cursor
          ? feedPage(api.call('GET /api/plants/by-user/more/{user}', { user: handle, filter, cursorId: cursor }, { signal }))
          : feedPage(api.call('GET /api/plants/by-user/{user}', { user: handle, filter }, { signal }));
      }
      return cursor
        ? feedPage(api.call('GET /api/posts/more/by-user/{arg}', { arg: handle, cursorId: cursor }, { signal }))
        : feedPage(api.call('GET /api/posts/{username}', { username: handle }, { signal }));
    },
  };
}

/** The signed-in user's own plants, all or available, private ones included. */
/** This route is told how many items a page holds (take): PAGE_SIZE, as the other lists hold. */
export function myPlantsFeed(viewer: string, userId: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'mine', 'plants'),
    load: (filter, cursor, signal) => {
      const f = plantFilter(filter);
      return cursor
        ? feedPage(api.call('GET /api/iam/moreplantsbyuser/{userId}/{filter}/{take}/{cursor}', { userId, filter: f, take: PAGE_SIZE, cursor }, { signal }))
        : feedPage(api.call('GET /api/iam/plantsbyuser/{userId}/{filter}/{take}', { userId, filter: f, take: PAGE_SIZE }, { signal }));
    },
  };
}

/** The signed-in user's own posts, private ones included. */
/** The first-page marker of the "my posts" route. */
const FIRST = 'first';

export function myPostsFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'mine', 'posts'),
    load: (_filter, cursor, signal) => feedPage(api.call('GET /api/iam/posts/bymyuser/{cursor}', { cursor: cursor ?? FIRST }, { signal })),
  };
}

/** Recent plants of everyone: all of them, or the available ones. */
export function recentPlantsFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'recent-plants'),
    load: (filter, cursor, signal) => {
      const arg = plantFilter(filter);
      return cursor
        ? feedPage(api.call('GET /api/plants/recent/more/{arg}', { arg, cursorId: cursor }, { signal }))
        : feedPage(api.call('GET /api/plants/recent/{arg}', { arg }, { signal }));
    },
  };
}

/** Posts and plants with a tag (one list: the route takes no filter). */
export function tagFeed(viewer: string, tag: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'tag', tag),
    load: (_filter, cursor, signal) => feedPage(api.call('GET /api/posts/tag/{tag}', { tag, cursorId: cursor ?? undefined }, { signal })),
  };
}

/** How many posts, plants and available plants a user has, by feed filter. */
export const userCounts = async (userId: string, signal?: AbortSignal): Promise<FeedCounts> =>
  (await api.call('GET /api/iam/usercounts/byuser/{id}', { id: userId }, { signal })).counts;

export function useUserCounts(viewer: string, userId: string) {
  return useQuery({ queryKey: contentKeys.counts(viewer, userId), queryFn: ({ signal }) => userCounts(userId, signal) });
}

/** Who a handle names (a member or a page), from the same cached answer the profile reads. */
export function useHandleOwner(handle: string) {
  const auth = useAuth();
  const viewer = viewerOf(auth);
  const source = useMemo(() => handleFeed(viewer, handle.toLowerCase()), [viewer, handle]);
  const posts = useFeed(source, 'postsAll', viewerReady(auth));
  return { owner: posts.data?.pages[0]?.owner ?? null, query: posts };
}

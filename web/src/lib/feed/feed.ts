/**
 * What every feed route has in common: one page in, one `FeedPage` out (whatever the route
 * names its list), a `FeedSource` per feed (its cache key and page loader, one file each:
 * get-*-feed.ts), and `useFeed`, the paged query over any of them.
 */
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { FeedFilter } from '@shared/constants';
import type { OwnerCard, PostView } from '@shared/answers/posts';
import type { ContentPage, FeedCounts, OwnerPlantsPage, OwnerPostsPage, PlantsPage, PostsPage } from '@shared/answers/feeds';

export type PlantFilter = 'plantsAll' | 'plantsAvail';

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

/** A feed route's answer as a `FeedPage`. */
export async function feedPage(answer: Promise<RawFeed>): Promise<FeedPage> {
  return toFeedPage(await answer);
}

/** A feed as the Feed component reads it: a cache key and a page loader per filter. */
export interface FeedSource {
  /** The cache key, without the filter (added per tab). Starts with contentKeys.all. */
  key: readonly unknown[];
  load: (filter: FeedFilter, cursor: string | null, signal?: AbortSignal) => Promise<FeedPage>;
}

/** The plant routes know two filters: any other tab asks for all plants. */
export function plantFilter(filter: FeedFilter): PlantFilter {
  return filter === 'plantsAvail' ? 'plantsAvail' : 'plantsAll';
}

type Pages = InfiniteData<FeedPage, string | null>;

const countItems = (data: Pages | undefined) => data?.pages.reduce((n, p) => n + p.items.length, 0) ?? 0;

/** One filter of a feed, paged by cursorId. */
export function useFeed(source: FeedSource, filter: FeedFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...source.key, filter],
    queryFn: ({ pageParam, signal }) => source.load(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) => last.cursorId ?? undefined,
    enabled,
    staleTime: Infinity,
    // Reload on return only a list of one item or none, or one marked out of date by a change
    // made elsewhere (an edit); a second reader of a list already shown never reloads it.
    refetchOnMount: (query) =>
      query.getObserversCount() <= 1 && (query.state.isInvalidated || countItems(query.state.data as Pages | undefined) <= 1) ? 'always' : false,
  });
}

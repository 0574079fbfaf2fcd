/**
 * A feed: filter tabs with their counts, the cards, and paging. More items load by themselves
 * when the end of the list comes into view (IntersectionObserver), or with the "Load more"
 * button; after each page the feed pauses FEED_MORE_PAUSE_MS before it loads again. A list
 * already holding more than one item is not reloaded when the reader comes back to it, unless a
 * change made elsewhere marked it out of date (useFeed, in lib/feed/feed.ts). A feed may check
 * for newer items now and then (checkNewerEveryMs) and offer them ("3 new posts") without
 * changing the list until the reader asks.
 */
import { useCallback, useDeferredValue, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FEED_MORE_PAUSE_MS, type FeedFilter } from '@shared/constants';
import { formatNumber, plural } from '@shared/format';
import type { PostView } from '@shared/answers/posts';
import type { FeedCounts } from '@shared/answers/feeds';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { useFeed, type FeedSource } from '@/lib/feed/feed';
import { useNewerItems } from '../lib/newer-items';
import { PostCard } from './post-card';

export const FILTER_LABELS: Record<FeedFilter, string> = {
  postsAll: 'Posts',
  plantsAll: 'Plants',
  plantsAvail: 'Available',
  news: 'News',
};

export const DEFAULT_EMPTY: Record<FeedFilter, string> = {
  postsAll: 'No posts yet.',
  plantsAll: 'No plants listed yet.',
  plantsAvail: 'No plants are available right now.',
  news: 'No news from pages yet.',
};

/** Cards drawn at once when a page arrives; the rest follow in a render React may interrupt. */
const FIRST_CARDS = 3;

export interface FeedProps {
  source: FeedSource;
  /** The tabs; with one filter or none there are no tabs. */
  filters?: readonly FeedFilter[];
  filter: FeedFilter;
  onFilterChange?: (filter: FeedFilter) => void;
  /** The feed's heading (h2), also its accessible name. */
  title: string;
  /** Visually hide the heading (it stays for screen readers). */
  hideTitle?: boolean;
  /** What an empty list says, per filter. */
  empty?: Partial<Record<FeedFilter, ReactNode>>;
  /** How long the feed waits after a page before it loads another (FEED_MORE_PAUSE_MS). */
  pauseMs?: number;
  /** Wait (e.g. until the session is known) before loading. */
  enabled?: boolean;
  /** The counts of the latest page, when a screen shows them elsewhere too. */
  onCounts?: (counts: FeedCounts) => void;
  /** Read the first page this often while the document is visible, and offer what is newer. */
  checkNewerEveryMs?: number;
}

export function Feed({ source, filters = [], filter, onFilterChange, title, hideTitle = false, empty, enabled = true, onCounts, pauseMs = FEED_MORE_PAUSE_MS, checkNewerEveryMs }: FeedProps) {
  const titleId = useId();
  const baseId = useId();
  const feed = useFeed(source, filter, enabled);
  const [counts, setCounts] = useState<FeedCounts | null>(null);
  const [paused, setPaused] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const pauseTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const loading = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const tabs = filters.length > 1 ? filters : [];

  const latestCounts = feed.data?.pages[feed.data.pages.length - 1]?.counts ?? null;
  useEffect(() => {
    if (!latestCounts) return;
    setCounts(latestCounts);
    onCounts?.(latestCounts);
  }, [latestCounts, onCounts]);

  useEffect(
    () => () => {
      if (pauseTimer.current) clearTimeout(pauseTimer.current);
    },
    [],
  );

  const items: PostView[] = feed.data?.pages.flatMap((p) => p.items) ?? [];
  // A page's first cards come at once and the rest in a background render, so twenty cards never
  // hold a phone's main thread in one long task (the deferred count catches up by itself).
  const deferredCount = useDeferredValue(items.length);
  const shown = items.slice(0, Math.max(FIRST_CARDS, deferredCount));
  const allShown = shown.length === items.length;
  // The first card with photos among those drawn at once loads them eagerly: its photo is most
  // often the largest paint, and a lazy one waits for layout while the main thread is still busy.
  const eagerIndex = shown.slice(0, FIRST_CARDS).findIndex((p) => p.photos.length > 0);
  const { newer, show: showNewer } = useNewerItems({ source, filter, everyMs: checkNewerEveryMs, shown: items, enabled: enabled && feed.isSuccess });
  const onShowNewer = () => {
    showNewer();
    // The reader asked for them: the feed's top comes into view, and focus with it (the button goes).
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  };

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  // Not before every card is drawn: the end of a half-drawn list is in view too early.
  const canLoadMore = hasNextPage && !isFetchingNextPage && !paused && allShown;

  const loadMore = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    try {
      await fetchNextPage();
    } finally {
      loading.current = false;
      setPaused(true);
      if (pauseTimer.current) clearTimeout(pauseTimer.current);
      pauseTimer.current = setTimeout(() => setPaused(false), pauseMs);
    }
  }, [fetchNextPage, pauseMs]);

  // A new observer after each page and pause: it reports at once whether the end is still in view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !canLoadMore || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadMore, isFetchNextPageError, loadMore, filter]);

  const panelId = `${baseId}-panel`;
  const tabId = (f: FeedFilter) => `${baseId}-tab-${f}`;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.indexOf(filter);
    let next = -1;
    if (event.key === 'ArrowRight') next = (at + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (at - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const f = tabs[next]!;
    onFilterChange?.(f);
    document.getElementById(tabId(f))?.focus();
  };

  const emptyText = empty?.[filter] ?? DEFAULT_EMPTY[filter];
  const pending = !enabled || feed.isPending;

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h2 id={titleId} ref={heading} tabIndex={-1} className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-gray-900 focus:outline-none'}>
        {title}
      </h2>
      {tabs.length > 0 ? (
        <div role="tablist" aria-label={`${title}: filters`} className="-mx-1 flex gap-1 overflow-x-auto border-b border-gray-200 px-1">
          {tabs.map((f) => {
            const selected = f === filter;
            return (
              <button
                key={f}
                id={tabId(f)}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={panelId}
                tabIndex={selected ? 0 : -1}
                onClick={() => onFilterChange?.(f)}
                onKeyDown={onTabKey}
                className={`-mb-px inline-flex min-h-11 shrink-0 items-center gap-2 border-b-2 px-3 text-sm font-semibold whitespace-nowrap ${
                  selected ? 'border-primary-700 text-primary-800' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
                }`}
              >
                {FILTER_LABELS[f]}
                {counts ? (
                  <span className={`rounded-full px-2 py-0.5 text-xs ${selected ? 'bg-primary-100 text-primary-800' : 'bg-gray-100 text-gray-700'}`}>
                    {formatNumber(counts[f] ?? 0)}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}

      <div id={panelId} role={tabs.length > 0 ? 'tabpanel' : undefined} aria-labelledby={tabs.length > 0 ? tabId(filter) : undefined} className="space-y-4">
        {checkNewerEveryMs ? (
          // No height and no margin: the button floats over the top of the list (and stays in view
          // while the reader scrolls), so that it comes and goes without moving a card.
          <div aria-live="polite" className="sticky top-3 z-10 mb-0! flex h-0 justify-center">
            {newer ? (
              <button
                type="button"
                onClick={onShowNewer}
                className="min-h-11 rounded-full bg-primary-700 px-4 py-2 text-sm font-semibold text-white shadow-md hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
              >
                {newer.more ? `${formatNumber(newer.count)}+ new posts` : plural(newer.count, 'new post', 'new posts')}
              </button>
            ) : null}
          </div>
        ) : null}

        {note ? (
          <Notice>
            <p>{note}</p>
          </Notice>
        ) : null}

        {pending ? <FeedSkeleton label={`Loading ${tabs.length > 0 ? FILTER_LABELS[filter].toLowerCase() : title.toLowerCase()}…`} /> : null}

        {feed.isError && !feed.data ? (
          <FormAlert message={failureMessage(feed.error)} title={`Could not load ${tabs.length > 0 ? FILTER_LABELS[filter].toLowerCase() : 'this feed'}`}>
            <Button className="mt-3" variant="secondary" onClick={() => void feed.refetch()} pending={feed.isFetching} pendingLabel="Retrying…">
              Try again
            </Button>
          </FormAlert>
        ) : null}

        {feed.isSuccess && items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-gray-700">{emptyText}</div>
        ) : null}

        {items.length > 0 ? (
          <ul role="list" aria-label={tabs.length > 0 ? FILTER_LABELS[filter] : title} aria-busy={isFetchingNextPage} className="space-y-4">
            {shown.map((post, index) => (
              // A card off screen is neither laid out nor painted until it nears the view (its
              // last size is kept once seen): a phone draws the first cards of twenty sooner.
              <li key={post.id} className="[contain-intrinsic-size:auto_360px] [content-visibility:auto]">
                <PostCard post={post} eager={index === eagerIndex} onDeleted={(p) => setNote(`Your ${p.kind === 'plant' ? 'plant' : 'post'} was deleted.`)} />
              </li>
            ))}
          </ul>
        ) : null}

        <div ref={sentinel} aria-hidden="true" />

        {isFetchNextPageError ? (
          <FormAlert message={failureMessage(feed.error)} title="Could not load more">
            <Button className="mt-3" variant="secondary" onClick={() => void loadMore()}>
              Try again
            </Button>
          </FormAlert>
        ) : null}

        {hasNextPage && !isFetchNextPageError ? (
          <div className="flex justify-center">
            <Button variant="secondary" className="w-full sm:w-auto" onClick={() => void loadMore()} disabled={paused} pending={isFetchingNextPage} pendingLabel="Loading more…">
              Load more
            </Button>
          </div>
        ) : null}

        {feed.isSuccess && (feed.data?.pages.length ?? 0) > 1 && !hasNextPage ? <p className="text-center text-sm text-gray-600">You have reached the end.</p> : null}
      </div>
    </section>
  );
}

/** Grey cards while the first page loads (the status line says so to screen readers). */
export function FeedSkeleton({ label = 'Loading…', cards = 3 }: { label?: string; cards?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul aria-hidden="true" className="space-y-4">
        {Array.from({ length: cards }, (_, i) => (
          <li key={i} className="animate-pulse space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
            <div className="flex items-center gap-3">
              <div className="size-10 rounded-full bg-gray-200" />
              <div className="flex-1 space-y-2">
                <div className="h-3 w-1/3 rounded bg-gray-200" />
                <div className="h-3 w-1/5 rounded bg-gray-200" />
              </div>
            </div>
            <div className="h-3 w-full rounded bg-gray-200" />
            <div className="h-3 w-4/5 rounded bg-gray-200" />
            {i === 0 ? <div className="h-40 rounded-lg bg-gray-200" /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

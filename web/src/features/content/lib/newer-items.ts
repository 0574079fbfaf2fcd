/**
 * Whether a feed has newer items than those it shows: its first page is read every `everyMs`
 * while the document is visible (the timer pauses while it is hidden; back in view, a check that
 * fell due meanwhile runs at once). The list shown never changes by itself: `show()` puts the
 * page read at the front when the reader asks for it. No socket: one GET a minute at most.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedFilter } from '@shared/constants';
import type { PostView } from '@shared/answers/posts';
import type { FeedPage, FeedSource } from '@/lib/feed/feed';

export interface NewerItems {
  /** Items on the first page read that the list does not show yet. */
  count: number;
  /** The first page read is all new: there may be more than `count`. */
  more: boolean;
}

/**
 * The items of `page` newer than the list shown: those not shown that come before the last item
 * shown (an item shown that moved up, as an edit does, is not new; items after the last one shown
 * are older ones a deletion brought onto the page). With no item shown on it, the whole page.
 */
export function newerThan(page: FeedPage, shown: readonly PostView[]): NewerItems {
  const known = new Set(shown.map((p) => p.id));
  let last = -1;
  page.items.forEach((p, i) => {
    if (known.has(p.id)) last = i;
  });
  const candidates = last < 0 ? page.items : page.items.slice(0, last);
  return { count: candidates.filter((p) => !known.has(p.id)).length, more: last < 0 && page.cursorId !== null };
}

export function useNewerItems({ source, filter, everyMs, shown, enabled }: { source: FeedSource; filter: FeedFilter; everyMs: number | undefined; shown: readonly PostView[]; enabled: boolean }) {
  const queryClient = useQueryClient();
  const [found, setFound] = useState<{ page: FeedPage; key: string } | null>(null);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const key = JSON.stringify([...source.key, filter]);

  useEffect(() => {
    if (!enabled || !everyMs || typeof document === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    let lastCheck = Date.now();
    let stopped = false;
    const visible = () => document.visibilityState !== 'hidden';
    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void check(), ms);
    };
    const check = async () => {
      lastCheck = Date.now();
      controller = new AbortController();
      try {
        const page = await source.load(filter, null, controller.signal);
        if (!stopped) setFound(newerThan(page, shownRef.current).count > 0 ? { page, key } : null);
      } catch {
        // A check that fails (offline, a blip) is simply made again at the next one.
      } finally {
        controller = null;
        if (!stopped && visible()) schedule(everyMs);
      }
    };
    const onVisibility = () => {
      if (!visible()) {
        clearTimeout(timer);
        return;
      }
      if (!controller) schedule(Math.max(0, lastCheck + everyMs - Date.now()));
    };
    if (visible()) schedule(everyMs);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [source, filter, everyMs, enabled, key]);

  // Counted against the list as it is now: should it have come to hold them meanwhile, nothing is new.
  const page = found && found.key === key ? found.page : null;
  const newer = page ? newerThan(page, shown) : null;

  /** Shows the page read: it replaces the list (the pages after it load again as the reader scrolls). */
  const show = useCallback(() => {
    if (!page) return;
    queryClient.setQueryData([...source.key, filter], { pages: [page], pageParams: [null] });
    setFound(null);
  }, [page, queryClient, source.key, filter]);

  return { newer: newer && newer.count > 0 ? newer : null, show };
}

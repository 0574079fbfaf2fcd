/**
 * Scrolling: to the newest on open and when a message arrives while at the bottom; earlier
 * messages load when the top comes into view. Earlier messages go in above the reader: once they
 * are drawn, the distance from the bottom measured before the fetch is restored, so the reader's
 * place stays put.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type UIEvent } from 'react';

interface ScrollOptions {
  /** The newest message's id and the number of pending ones: a change scrolls to the newest when at the bottom. */
  lastId: string | undefined;
  pendingCount: number;
  /** Pages loaded so far: a new one is earlier messages, drawn above. */
  pageCount: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function useConversationScroll({ lastId, pendingCount, pageCount, hasNextPage, isFetchingNextPage, fetchNextPage }: ScrollOptions) {
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastId, pendingCount]);

  const fromBottom = useRef<number | null>(null);
  const loadEarlier = useCallback(() => {
    const box = scroller.current;
    if (isFetchingNextPage || !hasNextPage) return;
    fromBottom.current = box ? box.scrollHeight - box.scrollTop : null;
    void fetchNextPage();
  }, [isFetchingNextPage, hasNextPage, fetchNextPage]);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && fromBottom.current !== null) box.scrollTop = box.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [pageCount]);
  useEffect(() => {
    const el = topSentinel.current;
    if (!el || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      // Only once the reader has scrolled: on open the list starts at the bottom.
      if (entries.some((e) => e.isIntersecting) && !atBottom.current) loadEarlier();
    }, { root: scroller.current });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, loadEarlier]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };
  /** The reader just sent: follow the list down. */
  const stickToBottom = () => {
    atBottom.current = true;
  };

  return { scroller, topSentinel, onScroll, loadEarlier, stickToBottom };
}

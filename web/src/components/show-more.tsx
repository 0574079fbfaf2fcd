/**
 * "Show more …" under a list read a page at a time: there while the list has a next page, busy
 * while that page loads.
 */
import type { ReactNode } from 'react';
import { Button } from './form/feedback';

/** What it reads of an infinite query. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function ShowMore({ list, pendingLabel = 'Loading…', children }: { list: PagedList; pendingLabel?: string; children: ReactNode }) {
  if (!list.hasNextPage) return null;
  return (
    <Button variant="secondary" onClick={() => void list.fetchNextPage()} pending={list.isFetchingNextPage} pendingLabel={pendingLabel}>
      {children}
    </Button>
  );
}

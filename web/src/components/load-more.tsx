/** "Load more" under a cursor-paged list, and what went wrong when the next page did not come. */
import { Button } from '@/components/form/feedback';

export interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

export function LoadMore({ pages, className = '', errorClassName = '' }: { pages: Pages; className?: string; errorClassName?: string }) {
  return (
    <>
      {pages.hasNextPage ? (
        <div className={`text-center ${className}`}>
          <Button variant="secondary" onClick={() => void pages.fetchNextPage()} pending={pages.isFetchingNextPage} pendingLabel="Loading…">
            Load more
          </Button>
        </div>
      ) : null}
      {pages.isFetchNextPageError ? (
        <p role="alert" className={`text-sm text-red-700 ${errorClassName}`}>
          Could not load more. Try again.
        </p>
      ) : null}
    </>
  );
}

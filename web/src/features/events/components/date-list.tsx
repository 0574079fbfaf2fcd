/** A paged list of dates (a page's, a member's, everyone's) with loading, empty and error states and "Show more". */
import type { ReactNode } from 'react';
import type { EventDates } from '@shared/answers/events';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { DateCard } from './date-card';

interface Paged {
  data?: { pages: EventDates[] };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export function DateList({ query, label, empty }: { query: Paged; label: string; empty: ReactNode }) {
  if (query.isError && !query.data) {
    return (
      <FormAlert message={failureMessage(query.error)} title={`Could not load ${label}`}>
        <Button className="mt-3" variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  }
  if (query.isPending || !query.data) {
    return (
      <div role="status" aria-busy="true" aria-label={`Loading ${label}`} className="space-y-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-xl bg-gray-100" />
        ))}
      </div>
    );
  }
  const dates = query.data.pages.flatMap((p) => p.dates);
  if (!dates.length) return <>{empty}</>;
  return (
    <div className="space-y-3">
      <ol aria-label={label} className="space-y-3">
        {dates.map((d) => (
          <li key={d.date.id}>
            <DateCard card={d} />
          </li>
        ))}
      </ol>
      {query.hasNextPage ? (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} pending={query.isFetchingNextPage} pendingLabel="Loading…">
          Show more
        </Button>
      ) : null}
    </div>
  );
}

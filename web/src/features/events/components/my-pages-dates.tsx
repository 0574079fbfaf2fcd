/**
 * "From your pages": the upcoming dates of the pages a member belongs to (one request), each page
 * a section with its next three dates and a link to all of them. Nothing is shown when none of
 * the pages has a date.
 */
import { Link } from 'react-router';
import type { EventDateCard } from '@shared/answers/events';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { handleHref } from '@/config/paths';
import { DateCard } from './date-card';

const SHOWN_PER_PAGE = 3;

interface PageGroup {
  id: string;
  handle: string | null;
  name: string;
  dates: EventDateCard[];
}

/** Dates grouped by their page, pages in the order of their soonest date. */
export function byPage(dates: EventDateCard[]): PageGroup[] {
  const groups = new Map<string, PageGroup>();
  for (const d of dates) {
    const o = d.event.owner;
    const group = groups.get(o.id) ?? { id: o.id, handle: o.handle, name: o.name ?? o.handle ?? 'A page', dates: [] };
    group.dates.push(d);
    groups.set(o.id, group);
  }
  return [...groups.values()];
}

export function MyPagesDates({ result }: { result: { data?: { dates: EventDateCard[] } | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown } }) {
  if (result.isError) {
    return (
      <section aria-labelledby="events-pages" className="space-y-3">
        <h2 id="events-pages" className="text-lg font-semibold text-gray-900">
          From your pages
        </h2>
        <FormAlert message={failureMessage(result.error)} title="Could not load your pages' events">
          <Button className="mt-3" variant="secondary" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </FormAlert>
      </section>
    );
  }
  const groups = byPage(result.data?.dates ?? []);
  if (!groups.length) return null;
  return (
    <section aria-labelledby="events-pages" className="space-y-4">
      <h2 id="events-pages" className="text-lg font-semibold text-gray-900">
        From your pages
      </h2>
      {groups.map((g) => (
        <section key={g.id} aria-label={`Events of ${g.name}`} className="space-y-2">
          <h3 className="font-semibold text-gray-900">
            {g.handle ? (
              <Link to={`${handleHref(g.handle)}/events`} className="hover:underline">
                {g.name}
              </Link>
            ) : (
              g.name
            )}
          </h3>
          <ol className="space-y-2">
            {g.dates.slice(0, SHOWN_PER_PAGE).map((d) => (
              <li key={d.date.id}>
                <DateCard card={d} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}

/** The upcoming dates of the pages a member belongs to (their first five pages), each page a section. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { handleHref } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-store';
import { viewerOf } from '@/features/content/lib/ids';
import { api } from '@/lib/api';
import { usePageDates } from '../api/events';
import { DateCard } from './date-card';

const SHOWN_PAGES = 5;

function PageDates({ handle, name }: { handle: string; name: string }) {
  const auth = useAuth();
  const dates = usePageDates(viewerOf(auth), handle, 'upcoming');
  const first = dates.data?.pages[0]?.dates.slice(0, 3) ?? [];
  if (!first.length) return null;
  return (
    <section aria-label={`Events of ${name}`} className="space-y-2">
      <h3 className="font-semibold text-gray-900">
        <Link to={`${handleHref(handle)}/events`} className="hover:underline">
          {name}
        </Link>
      </h3>
      <ol className="space-y-2">
        {first.map((d) => (
          <li key={d.date.id}>
            <DateCard card={d} />
          </li>
        ))}
      </ol>
    </section>
  );
}

export function MyPagesDates({ userId }: { userId: string }) {
  const pages = useQuery({
    queryKey: ['pages', 'mine', userId],
    queryFn: ({ signal }) => api.call('GET /api/iam/pages/get-all-by-user/{id}', { id: userId }, { signal }),
  });
  const list = (pages.data?.pages ?? []).filter((p) => p.my.status === 'member').slice(0, SHOWN_PAGES);
  if (!list.length) return null;
  return (
    <section aria-labelledby="events-pages" className="space-y-4">
      <h2 id="events-pages" className="text-lg font-semibold text-gray-900">
        From your pages
      </h2>
      {list.map((p) => (
        <PageDates key={p.id} handle={p.handle} name={p.name} />
      ))}
    </section>
  );
}

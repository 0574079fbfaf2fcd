/**
 * The top of /admin: the counts the site keeps on write (members, posts and plants members see,
 * pages, events, open reports) and the five newest complete sign-ups with links to their profiles.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { handleHref } from '@/config/paths';
import { formatRelative } from '@/lib/format-date';
import { adminOverview, adminOverviewQueryKey, adminUsersQueryKey, listUsers } from '../api/admin';
import { displayName } from './users-admin-list';

const RECENT = 5;
const link = 'font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900';
const card = 'space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm';

export function SiteOverview() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Counts />
      <RecentSignUps />
    </div>
  );
}

function Counts() {
  const q = useQuery({ queryKey: adminOverviewQueryKey, queryFn: ({ signal }) => adminOverview(signal) });
  const n = (v: number) => v.toLocaleString('en');
  return (
    <section aria-labelledby="site-counts" className={card}>
      <h2 id="site-counts" className="text-lg font-semibold text-gray-900">
        The site
      </h2>
      {q.isPending ? <div role="status" aria-busy="true" aria-label="Loading the counts" className="h-16 animate-pulse rounded-lg bg-gray-100" /> : null}
      {q.isError ? (
        <FormAlert message={failureMessage(q.error)} title="Could not load the counts">
          <Button className="mt-3" variant="secondary" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {q.data ? (
        <dl className="grid grid-cols-3 gap-3 text-center">
          {[
            ['Members', q.data.members],
            ['Posts', q.data.posts],
            ['Plants', q.data.plants],
            ['Pages', q.data.pages],
            ['Events', q.data.events],
            ['Open reports', q.data.openReports],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg bg-gray-50 p-3">
              <dt className="text-sm text-gray-600">{label}</dt>
              <dd className="text-2xl font-semibold text-gray-900">{n(value as number)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

function RecentSignUps() {
  // The registered users list's first page (newest first), under its key: a change made there refreshes this too.
  const q = useQuery({ queryKey: [...adminUsersQueryKey('complete'), 'first'], queryFn: ({ signal }) => listUsers('complete', undefined, signal) });
  const users = q.data?.users.slice(0, RECENT) ?? [];
  return (
    <section aria-labelledby="recent-signups" className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-signups" className="text-lg font-semibold text-gray-900">
          Recent sign-ups
        </h2>
        <Link to="/admin/users/registered" className={link}>
          All members
        </Link>
      </div>
      {q.isPending ? <div role="status" aria-busy="true" aria-label="Loading the sign-ups" className="h-16 animate-pulse rounded-lg bg-gray-100" /> : null}
      {q.isError ? (
        <FormAlert message={failureMessage(q.error)} title="Could not load the sign-ups">
          <Button className="mt-3" variant="secondary" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {q.data && !users.length ? <p className="text-sm text-gray-700">Nobody has finished signing up yet.</p> : null}
      {users.length ? (
        <ol className="divide-y divide-gray-100 text-sm">
          {users.map((u) => (
            <li key={u.uuid} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              {u.username ? (
                <Link to={handleHref(u.username)} className="font-medium text-gray-900 hover:underline">
                  {displayName(u)}
                </Link>
              ) : (
                <span className="font-medium text-gray-900">{displayName(u)}</span>
              )}
              <time dateTime={u.created_at} className="text-gray-600">
                {formatRelative(u.created_at)}
              </time>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

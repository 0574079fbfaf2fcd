/** /admin: the site's counts and recent sign-ups, the moderation queue, then shortcuts to each admin area and the users who have no location yet. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { PageShell } from '@/components/page-shell';
import { usersWithoutLocation } from '@/features/admin/api/admin';
import { displayName } from '@/features/admin/components/users-admin-list';
import { SiteOverview } from '@/features/admin/components/site-overview';
import { ReportQueue } from '@/features/reports/components/report-queue';

const AREAS = [
  { href: '/admin/users/registered', title: 'Registered users', text: 'Suspend, promote or delete members.' },
  { href: '/admin/users/incomplete', title: 'Incomplete registrations', text: 'Accounts that have not finished signing up.' },
  { href: '/admin/settings', title: 'Site settings', text: 'Name, tagline, default location and other settings.' },
  { href: '/admin/email', title: 'E-mail', text: 'What the site sends, and a test message.' },
  { href: '/admin/tags', title: 'Tags', text: 'The plant and interest tags.' },
  { href: '/admin/database', title: 'Database', text: 'Clean up duplicate or orphaned locations.' },
  { href: '/admin/settings/video', title: 'Video settings', text: 'The welcome video.' },
  { href: '/settings/location', title: 'Default location', text: 'Where guests start on the map.' },
];

export default function AdminDashboardScreen() {
  return (
    <PageShell title="Admin" description="Manage users, tags, site settings and e-mail.">
      <SiteOverview />
      <ReportQueue />
      <nav aria-label="Admin areas">
        <ul className="grid gap-3 sm:grid-cols-2">
          {AREAS.map((a) => (
            <li key={a.href}>
              <Link to={a.href} className="block h-full rounded-xl border border-gray-200 bg-white p-4 shadow-sm hover:border-primary-300 hover:bg-primary-50">
                <span className="block font-semibold text-gray-900">{a.title}</span>
                <span className="mt-1 block text-sm text-gray-600">{a.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <WithoutLocation />
    </PageShell>
  );
}

function WithoutLocation() {
  const q = useQuery({ queryKey: ['admin', 'users-without-location'], queryFn: ({ signal }) => usersWithoutLocation(signal) });
  return (
    <section aria-labelledby="no-location" className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="no-location" className="text-lg font-semibold text-gray-900">
        Users without a location
      </h2>
      <p className="text-sm text-gray-600">They do not appear in nearby lists until they add one in their settings.</p>
      {q.isPending ? <Loading label="Loading…" /> : null}
      {q.isError ? (
        <FormAlert message={failureMessage(q.error)} title="Could not load the list">
          <Button className="mt-3" variant="secondary" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {q.data ? (
        q.data.users.length === 0 ? (
          <p className="text-sm text-gray-700">Everyone has a location.</p>
        ) : (
          <>
          {q.data.cursorId ? <p className="text-sm text-gray-700">{`The newest ${q.data.users.length}:`}</p> : null}
          <ul className="divide-y divide-gray-100 text-sm">
            {q.data.users.map((u) => (
              <li key={u.uuid} className="py-2">
                <span className="font-medium text-gray-900">{displayName(u)}</span> <span className="break-all text-gray-600">{u.email}</span>
              </li>
            ))}
          </ul>
          </>
        )
      ) : null}
    </section>
  );
}

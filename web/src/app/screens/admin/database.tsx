/** /admin/database: data care: the event-location clean-ups, users without a location, and the counters check. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, FormAlert, ShowMore } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { PageShell } from '@/components/page-shell';
import { usersWithoutLocationPage } from '@/features/admin/api/admin';
import { CountersCheck } from '@/features/admin/components/counters-check';
import { LocationCleanup } from '@/features/admin/components/location-cleanup';
import { displayName } from '@/features/admin/components/users-admin-list';

export default function AdminDatabaseScreen() {
  return (
    <PageShell title="Data care" description="Clean up event locations, find users without a location, and check the counters against what they count.">
      <section aria-labelledby="locations" className="space-y-3">
        <h2 id="locations" className="text-lg font-semibold text-gray-900">
          Event locations
        </h2>
        <p className="text-sm text-gray-600">
          Each clean-up works through the locations a batch at a time. You can stop it and resume it later, also after closing this page.
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <LocationCleanup kind="duplicates" />
          <LocationCleanup kind="orphans" />
        </div>
      </section>
      <UsersWithoutLocation />
      <CountersCheck />
    </PageShell>
  );
}

function UsersWithoutLocation() {
  const q = useInfiniteQuery({
    queryKey: ['admin', 'users-without-location', 'all'],
    queryFn: ({ pageParam, signal }) => usersWithoutLocationPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursorId ?? undefined,
  });
  const users = q.data?.pages.flatMap((p) => p.users) ?? [];
  return (
    <section aria-labelledby="without-location" className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="without-location" className="text-lg font-semibold text-gray-900">
        Users without a location
      </h2>
      <p className="text-sm text-gray-600">Registered members with no location do not appear in nearby lists until they add one in their settings.</p>
      {q.isPending ? <Loading label="Loading users…" /> : null}
      {q.isError && !q.data ? (
        <FormAlert message={failureMessage(q.error)} title="Could not load the list">
          <Button className="mt-3" variant="secondary" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {q.isSuccess && users.length === 0 ? <p className="text-sm text-gray-700">Everyone has a location.</p> : null}
      {users.length > 0 ? (
        <ul className="divide-y divide-gray-100 text-sm" aria-label="Users without a location">
          {users.map((u) => (
            <li key={u.uuid} className="flex flex-wrap gap-x-2 py-2">
              <span className="font-medium text-gray-900">{displayName(u)}</span>
              <span className="break-all text-gray-600">{u.email}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {q.isFetchNextPageError ? <FormAlert message={failureMessage(q.error)} title="Could not load more" /> : null}
      <ShowMore list={q} pendingLabel="Loading more…">
        Show more
      </ShowMore>
    </section>
  );
}

/** /users: the members directory (those who list themselves), newest first, a page at a time; a search by name kept in the address. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { PageShell } from '@/components/page-shell';
import { handleHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { Avatar } from '@/components/avatar';
import { memberName } from '@/features/content/lib/names';
import { useUserDirectory } from '@/features/users/api/users';
import { useAddressWords } from '@/hooks/use-address-words';
import { viewerOf } from '@/lib/ids';
import { hasSearchWord } from '@shared/search-words';

const field = 'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-600/30';

export default function UsersScreen() {
  const auth = useAuth();
  const { q, text, setText, clear } = useAddressWords();
  // Words are searched from 2 letters or digits on (as search asks); fewer list everyone.
  const sent = hasSearchWord(q) ? q : '';
  const list = useUserDirectory(viewerOf(auth), sent);
  const users = list.data?.pages.flatMap((p) => p.users) ?? [];
  // A page read by words may come back empty with more to read (each call reads a bounded part of
  // the index): read on until something shows or the list ends, rather than say nothing matched.
  const readingOn = list.isSuccess && users.length === 0 && list.hasNextPage && !list.isFetchNextPageError;
  useEffect(() => {
    if (readingOn && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [readingOn, list]);
  return (
    <PageShell title="People" description="Growers on the site who list themselves in the directory, newest first.">
      {auth.loggedIn ? (
        <Link to={paths.nearbyUsers} className="font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900">
          People near you
        </Link>
      ) : null}
      <form role="search" aria-label="Find people" className="max-w-md" onSubmit={(e) => e.preventDefault()}>
        <label className="block text-sm font-medium text-gray-800">
          Name or username
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} className={field} placeholder="e.g. Noor" />
        </label>
      </form>
      {list.isError && (!list.data || users.length === 0) ? (
        <FormAlert message={failureMessage(list.error)} title="Could not load the directory">
          <Button className="mt-3" variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : list.isPending || readingOn ? (
        <div role="status" aria-busy="true" aria-label="Loading people" className="grid gap-3 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-xl bg-gray-100" />
          ))}
        </div>
      ) : users.length === 0 ? (
        sent ? (
          <div className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-gray-700">
            <p>Nobody listed has a name or username with words starting “{sent}”.</p>
            <Button className="mt-3" variant="secondary" onClick={clear}>
              Clear search
            </Button>
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-gray-700">Nobody is listed yet.</p>
        )
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2">
            {users.map((u) => {
              const name = memberName(u);
              return (
                <li key={u.uuid}>
                  <Link to={handleHref(u.username)} className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm hover:border-primary-300">
                    <Avatar src={u.avatar} name={name} />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold text-gray-900">{name}</span>
                      <span className="block truncate text-sm text-gray-600">
                        @{u.username}
                        {u.suburb_city ? ` · ${u.suburb_city}` : ''}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {list.hasNextPage ? (
            <Button variant="secondary" onClick={() => void list.fetchNextPage()} pending={list.isFetchingNextPage} pendingLabel="Loading…">
              Show more people
            </Button>
          ) : null}
        </>
      )}
    </PageShell>
  );
}

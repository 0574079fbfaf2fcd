/** /pages: the directory of pages by name, with a tag filter and a search by any word of the name, both kept in the address. */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { viewerOf } from '@/lib/ids';
import { usePageDirectory } from '@/features/pages/api/pages';
import { PageCard } from '@/features/pages/components/page-card';
import { useAddressWords } from '@/hooks/use-address-words';

const input = 'mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 shadow-sm focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-600/30';

export default function PagesScreen() {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag')?.trim().toLowerCase() ?? '';
  const { q, text, setText } = useAddressWords();
  const clear = () =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('q');
      next.delete('tag');
      return next;
    });
  const list = usePageDirectory(viewerOf(auth), tag || 'all', q);
  const pages = list.data?.pages.flatMap((p) => p.pages) ?? [];
  // A page read by words may come back empty with more to read (each call reads a bounded part of
  // the index): read on until something shows or the list ends, rather than say nothing matched.
  const readingOn = list.isSuccess && pages.length === 0 && list.hasNextPage && !list.isFetchNextPageError;
  useEffect(() => {
    if (readingOn && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [readingOn, list]);
  return (
    <PageShell title="Pages" description="Community gardens, nurseries, swap clubs and groups.">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={paths.nearbyPages} className="font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900">
          Pages near you
        </Link>
        {auth.loggedIn ? (
          <Link to={paths.newPage} className="rounded-md bg-primary-700 px-3 py-2 text-sm font-semibold text-white hover:bg-primary-800">
            Create a page
          </Link>
        ) : null}
      </div>
      <form role="search" className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        <label className="block text-sm font-medium text-gray-800">
          Name
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={80} className={input} placeholder="e.g. fern, Newtown" />
        </label>
        <label className="block text-sm font-medium text-gray-800">
          Tag
          <input
            key={tag}
            type="search"
            defaultValue={tag}
            onBlur={(e) => setParams((p) => {
              const next = new URLSearchParams(p);
              if (e.target.value.trim()) next.set('tag', e.target.value.trim().toLowerCase());
              else next.delete('tag');
              return next;
            })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
            }}
            className={input}
            placeholder="e.g. succulents"
          />
        </label>
      </form>
      {list.isError ? (
        <FormAlert message={failureMessage(list.error)} title="Could not load pages">
          <Button className="mt-3" variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : list.isPending || readingOn ? (
        <div role="status" aria-busy="true" aria-label="Loading pages" className="space-y-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-xl bg-gray-100" />
          ))}
        </div>
      ) : pages.length ? (
        <>
          <ul className="space-y-3" aria-label={tag ? `Pages tagged ${tag}` : 'Pages'}>
            {pages.map((p) => (
              <li key={p.id}>
                <PageCard page={p} />
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button variant="secondary" onClick={() => void list.fetchNextPage()} pending={list.isFetchingNextPage} pendingLabel="Loading…">
              Show more pages
            </Button>
          ) : null}
        </>
      ) : (
        q || tag ? (
          <div className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-gray-700">
            <p>
              No page {[q ? `has a word of its name starting with “${q}”` : '', tag ? `is tagged ${tag}` : ''].filter(Boolean).join(' and ')}. Try fewer letters or another tag.
            </p>
            <Button className="mt-3" variant="secondary" onClick={clear}>
              Clear search
            </Button>
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-gray-700">
            No pages yet.{' '}
            {auth.loggedIn ? (
              <Link to={paths.newPage} className="font-semibold text-primary-800 underline underline-offset-2">
                Start the first one
              </Link>
            ) : null}
          </p>
        )
      )}
    </PageShell>
  );
}

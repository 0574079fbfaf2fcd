/** /search?q=: every hit of a term, grouped by kind, with loading, empty and error states. */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/features/content/components/document-title';
import { hitsOf, KIND_LABELS, KIND_ORDER, searchable, useSearch } from '@/features/search/api/search';

export default function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [value, setValue] = useState(q);
  useEffect(() => setValue(q), [q]);
  const query = useSearch(q);
  const ok = searchable(q);
  const hits = query.data ? hitsOf(query.data) : null;
  const total = hits ? KIND_ORDER.reduce((n, k) => n + hits[k].length, 0) : 0;

  return (
    <article className="space-y-6">
      <DocumentTitle title={q ? `Search: ${q}` : 'Search'} />
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">Search</h1>
        <form
          role="search"
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setParams(value.trim() ? { q: value.trim() } : {});
          }}
        >
          <label htmlFor="search-q" className="sr-only">
            Search members, pages, plants, posts and events
          </label>
          <input
            id="search-q"
            type="search"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder="Names, plants, words, places…"
            className="h-10 min-w-0 flex-1 rounded-md border border-gray-300 px-3 text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-200 focus:outline-none"
          />
          <button type="submit" className="rounded-md bg-primary-700 px-4 text-sm font-semibold text-white hover:bg-primary-800">
            Search
          </button>
        </form>
      </header>

      <div aria-live="polite" aria-busy={query.isFetching}>
        {!q ? <p className="text-gray-600">Type at least 2 letters to search members, pages, plants, posts, events and tags.</p> : null}
        {q && !ok ? <p className="text-gray-600">Type at least 2 letters or digits.</p> : null}
        {ok && query.isPending ? <p className="text-gray-600">Searching…</p> : null}
        {ok && query.isError ? (
          <p role="alert" className="text-red-700">
            Search failed.{' '}
            <button type="button" className="underline" onClick={() => void query.refetch()}>
              Try again
            </button>
          </p>
        ) : null}
        {ok && hits && total === 0 ? <p className="text-gray-600">Nothing matches “{q}”.</p> : null}
      </div>

      {ok && hits && total > 0
        ? KIND_ORDER.filter((k) => hits[k].length).map((kind) => (
            <section key={kind} aria-labelledby={`search-${kind}`} className="space-y-2">
              <h2 id={`search-${kind}`} className="text-lg font-semibold text-gray-900">
                {KIND_LABELS[kind]}
              </h2>
              <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
                {hits[kind].map((hit) => (
                  <li key={hit.key}>
                    <Link to={hit.href} className="flex items-center gap-3 px-3 py-2 hover:bg-gray-50">
                      {hit.image ? <img src={hit.image} alt="" className="size-10 shrink-0 rounded object-cover" loading="lazy" /> : <span className="size-10 shrink-0 rounded bg-gray-100" aria-hidden="true" />}
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-gray-900">{hit.title}</span>
                        {hit.detail ? <span className="block truncate text-sm text-gray-600">{hit.detail}</span> : null}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))
        : null}
    </article>
  );
}

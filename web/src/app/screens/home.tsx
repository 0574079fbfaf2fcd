/**
 * /: the home page. The site's name and tagline from the public site settings, then the feed of
 * posts, plants and news (one public route for guests and members: what each may see). Members
 * write above the feed; what they publish appears at its front. What others publish meanwhile is
 * offered ("3 new posts") and shown when the reader asks.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FEED_FILTERS, type FeedFilter } from '@shared/constants';
import type { PostView } from '@shared/answers/posts';
import { Notice } from '@/components/form/feedback';
import { AlertIcon } from '@/components/icons';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { addCreatedPost, filtersOf } from '@/features/content/api/cache';
import { contentFeed } from '@/features/content/api/feeds';
import { Feed } from '@/features/content/components/feed';
import { forYouFeed } from '@/features/tags/api/tags';
import { viewerOf, viewerReady } from '@/lib/ids';
import { useSite } from '@/lib/site';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { DEFAULT_SITE } from '@shared/site';

// Only members write: guests never load the composer.
const Composer = lazy(() => import('@/features/compose/components/composer').then((m) => ({ default: m.Composer })));

/** While the page is in view, the feed's first page is read this often for newer posts (no socket). */
const NEWER_CHECK_MS = 60_000;

export default function HomeScreen() {
  const site = useSite();
  const auth = useAuth();
  const queryClient = useQueryClient();
  useDocumentTitle(site.data?.name || DEFAULT_SITE.name);
  const viewer = viewerOf(auth);
  const source = useMemo(() => contentFeed(viewer), [viewer]);
  const forYouSource = useMemo(() => forYouFeed(viewer), [viewer]);
  const [filter, setFilter] = useState<FeedFilter>('postsAll');
  const [privateNote, setPrivateNote] = useState(false);
  // The tab is in the address (?feed=for-you), so a link can open "For you" and Back returns to it.
  const [params, setParams] = useSearchParams();
  const tab: 'latest' | 'for-you' = params.get('feed') === 'for-you' ? 'for-you' : 'latest';
  const setTab = (t: 'latest' | 'for-you') =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (t === 'for-you') next.set('feed', t);
        else next.delete('feed');
        return next;
      },
      { replace: true },
    );
  const member = auth.loggedIn === true && !!auth.user?.registration_complete;
  // A browser that has had no session is a guest's: their links show at once, not after the
  // session check (which would push the feed down as it loads).
  const likelyGuest = auth.loggedIn !== true && viewerReady(auth);

  const onCreated = (post: PostView) => {
    addCreatedPost(queryClient, viewer, post);
    setPrivateNote(post.privacy === 'private');
    const belongs = filtersOf(post);
    if (post.privacy !== 'private' && !belongs.includes(filter)) setFilter(belongs[0]!);
  };

  return (
    <article className="space-y-6">
      <section className="overflow-hidden rounded-2xl bg-gradient-to-br from-primary-800 to-primary-700 p-6 text-white shadow-sm sm:p-8">
        {site.isError && !site.data ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Welcome</h1>
            <div role="alert" className="mt-4 flex items-start gap-3 rounded-lg bg-white p-4 text-gray-900">
              <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-700" />
              <div>
                <p className="font-semibold">We could not load the site details.</p>
                <p className="mt-1 text-sm text-gray-700">The server did not answer as expected. Try again in a moment.</p>
                <button
                  type="button"
                  onClick={() => void site.refetch()}
                  disabled={site.isFetching}
                  className="mt-3 rounded-md bg-primary-700 px-3 py-2 text-sm font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
                >
                  {site.isFetching ? 'Retrying…' : 'Try again'}
                </button>
              </div>
            </div>
          </>
        ) : (
          // Until the details come, the default name and tagline (as the top bar shows): the card
          // has its height from the first paint, so the feed below does not move when they come.
          <>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{site.data?.name || DEFAULT_SITE.name}</h1>
            <p className="mt-2 max-w-prose text-lg text-primary-50">{site.data?.tagline || DEFAULT_SITE.tagline}</p>
          </>
        )}
        {/* The same two buttons' room for everyone (one to join for guests, events for members), on
            their own lines on phones: the card's height does not change when the session is known. */}
        <p className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Link
            to={likelyGuest ? paths.signup : paths.events}
            className="rounded-md bg-white px-4 py-2 text-center text-sm font-semibold text-primary-800 shadow-sm hover:bg-primary-50"
          >
            {likelyGuest ? 'Join the community' : 'Events near you'}
          </Link>
          <Link
            to={paths.recentPlants}
            className="rounded-md px-4 py-2 text-center text-sm font-semibold text-white ring-1 ring-white/70 hover:bg-white/10"
          >
            Browse recent plants
          </Link>
        </p>
      </section>

      {member ? (
        <Suspense fallback={<Loading label="Loading the composer…" />}>
          <Composer onCreated={onCreated} />
        </Suspense>
      ) : null}

      {privateNote ? (
        <Notice title="Published privately">
          <p>
            Only you can see it. Find it on{' '}
            <Link to={paths.profile} className="font-semibold underline underline-offset-2">
              your profile
            </Link>
            .
          </p>
        </Notice>
      ) : null}

      {member ? (
        <div role="tablist" aria-label="Feeds" className="flex gap-2 border-b border-gray-200">
          {(['latest', 'for-you'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`home-tab-${t}`}
              aria-selected={tab === t}
              aria-controls="home-feed"
              onClick={() => setTab(t)}
              className={`-mb-px min-h-11 border-b-2 px-4 py-2 text-sm font-semibold ${tab === t ? 'border-primary-700 text-primary-800' : 'border-transparent text-gray-600 hover:text-gray-900'}`}
            >
              {t === 'latest' ? 'Latest' : 'For you'}
            </button>
          ))}
        </div>
      ) : null}

      <div id="home-feed" role={member ? 'tabpanel' : undefined} aria-labelledby={member ? `home-tab-${tab}` : undefined}>
      {member && tab === 'for-you' ? (
        <>
          <p className="mb-3 text-sm text-gray-600">
            Posts of your{' '}
            <Link to={paths.interests} className="font-semibold text-primary-800 underline underline-offset-2">
              interests
            </Link>{' '}
            and news of your pages, newest first.
          </p>
          <Feed
            source={forYouSource}
            filter="postsAll"
            title="For you"
            hideTitle
            enabled={viewerReady(auth)}
            empty={{ postsAll: 'Nothing here yet. Follow a few interests or join a page, and their posts come here.' }}
          />
        </>
      ) : (
        <Feed
          source={source}
          filters={FEED_FILTERS}
          filter={filter}
          onFilterChange={setFilter}
          title="Latest from the community"
          enabled={viewerReady(auth)}
          checkNewerEveryMs={NEWER_CHECK_MS}
          empty={{
            postsAll: member ? 'No posts yet. Share the first one above.' : 'No posts yet.',
            news: 'No news from pages yet.',
          }}
        />
      )}
      </div>
    </article>
  );
}

/**
 * A page's profile at /:handle (the same route as members'): cover, avatar, name, place, member
 * count and the join button; its about text and tags; its news (posted by its staff as the page,
 * with a composer for those whose role may); its next events and where they are held; the plants
 * listed as the page and its members for signed-in readers.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { NotFoundScreen } from '@/components/errors/not-found';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { handleHref, pageEditHref, paths, tagHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { Avatar } from '@/components/avatar';
import { DocumentTitle } from '@/features/content/components/document-title';
import { Feed } from '@/features/content/components/feed';
import { viewerOf, viewerReady } from '@/lib/ids';
import { ApiError } from '@/lib/api';
import { imageUrl } from '@/lib/images';
import { DateCard } from '@/features/events/components/date-card';
import { pageNewsSource, pagePlantsSource, usePageDetails } from '@/features/pages/api/pages';
import { JoinButton } from '@/features/pages/components/join-button';
import { atLeast, isPageAdmin, isPageStaff } from '@shared/page-roles';
import { plural } from '@shared/format';
import { useReportAction } from '@/components/report/report-action';

/** The members tab loads when it is opened: most readers stay on the news. */
const MemberList = lazy(() => import('@/app/screens/handle/page-members').then((m) => ({ default: m.MemberList })));
/** The news composer loads when a member who may post opens it: readers never load it. */
const Composer = lazy(() => import('@/features/compose/components/composer').then((m) => ({ default: m.Composer })));

const link = 'font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900';

/**
 * `onNotFound`: when the handle was only believed to be a page's (the page may have gone), what to
 * do on a 404 instead of showing it.
 */
/** How many upcoming dates all-details lists at most (`upcomingOf`'s `shown` on the server). */
const DATES_SHOWN = 5;

/** The events heading counts the dates it lists: all of them when fewer than a full list came, else "next 5 dates". */
const datesLabel = (shown: number): string => (shown < DATES_SHOWN ? plural(shown, 'upcoming date', 'upcoming dates') : `next ${shown} dates`);

export function PageProfile({ handle, onNotFound }: { handle: string; onNotFound?: () => void }) {
  const auth = useAuth();
  const viewer = viewerOf(auth);
  const details = usePageDetails(viewer, handle, viewerReady(auth));
  const [tab, setTab] = useState<'news' | 'plants' | 'members'>('news');
  const queryClient = useQueryClient();
  const pageId = details.data?.page.id ?? '';
  // The news' first page is the one all-details answered: the profile makes one request.
  const source = useMemo(() => pageNewsSource(queryClient, viewer, handle, pageId), [queryClient, viewer, handle, pageId]);
  const plants = useMemo(() => pagePlantsSource(viewer, pageId), [viewer, pageId]);
  const report = useReportAction({ type: 'page', id: pageId });
  const gone = details.isError && details.error instanceof ApiError && (details.error.status === 404 || details.error.status === 400);
  useEffect(() => {
    if (gone) onNotFound?.();
  }, [gone, onNotFound]);
  if (gone) return onNotFound ? null : <NotFoundScreen />;
  if (details.isError) {
    return (
      <FormAlert message={failureMessage(details.error)} title="Could not load this page">
        <Button className="mt-3" variant="secondary" onClick={() => void details.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  }
  if (!details.data) return <div role="status" aria-busy="true" aria-label={`Loading @${handle}…`} className="h-48 animate-pulse rounded-xl bg-gray-100" />;
  const { page } = details.data;
  const role = page.my.role;
  const admin = isPageAdmin(role);
  const staff = isPageStaff(role);
  const mayPost = atLeast(role, page.postingRole);
  const members = plural(page.memberCount, 'member', 'members');
  return (
    <article className="space-y-6">
      <DocumentTitle title={`${page.name} (@${page.handle})`} />
      <header className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
        {page.cover ? <img src={imageUrl(page.cover)} alt="" className="aspect-[3/1] w-full object-cover" /> : <div aria-hidden="true" className="h-16 bg-gradient-to-r from-primary-100 to-primary-50" />}
        {/* The name and place keep the header's width; the actions go on their own row under them. */}
        <div className="space-y-4 p-4 sm:p-5">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <Avatar src={page.avatar} name={page.name} size="lg" />
            <div className="min-w-0 flex-1">
              <h1 className="text-2xl font-semibold tracking-tight break-words text-gray-900">{page.name}</h1>
              <p className="text-gray-600">
                @{page.handle} · {page.category === 'organisation' ? 'Organisation' : 'Group'}
              </p>
              <p className="text-gray-700">{[page.location?.label, members].filter(Boolean).join(' · ')}</p>
              {page.location?.address ? <p className="text-sm text-gray-700">{page.location.address}</p> : null}
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <JoinButton page={page} />
            {staff ? (
              <Link to={`${paths.messages}?page=${page.id}`} className={link}>
                Messages
              </Link>
            ) : auth.loggedIn && auth.user?.username ? (
              <Link to={`${paths.messages}/${encodeURIComponent(auth.user.username)}/to/${encodeURIComponent(page.handle)}`} className={link}>
                Message
              </Link>
            ) : null}
            {staff || auth.user?.is_admin ? (
              <Link to={pageEditHref(page.handle)} className={link}>
                {admin || auth.user?.is_admin ? 'Edit page' : 'Manage members'}
                {page.requestCount ? ` (${page.requestCount} waiting)` : ''}
              </Link>
            ) : null}
            {report.allowed && !staff ? (
              <button type="button" onClick={report.action.onSelect} className={link}>
                Report<span className="sr-only">{` ${page.name}`}</span>
              </button>
            ) : null}
            {report.dialog}
          </div>
        </div>
      </header>
      {page.about || page.tags.length ? (
        <section aria-label="About" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
          {page.about ? <p className="whitespace-pre-line text-gray-800">{page.about}</p> : null}
          {page.tags.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {page.tags.map((t) => (
                <li key={t}>
                  <Link to={tagHref(t)} className="rounded-full bg-primary-50 px-3 py-1 text-sm text-primary-900 hover:bg-primary-100">
                    #{t}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="page-events" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="page-events" className="text-lg font-semibold text-gray-900">
            Events{details.data.events.length ? ` (${datesLabel(details.data.events.length)})` : ''}
          </h2>
          <span className="flex gap-3">
            <Link to={`${handleHref(page.handle)}/events`} className={link}>
              All events
            </Link>
            <Link to={`${handleHref(page.handle)}/swaps`} className={link}>
              Swaps
            </Link>
            {staff ? (
              <Link to={`${handleHref(page.handle)}/events/new`} className={link}>
                New event
              </Link>
            ) : null}
          </span>
        </div>
        {details.data.events.length ? (
          <ol className="space-y-2">
            {details.data.events.map((d) => (
              <li key={d.date.id}>
                <DateCard card={d} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-gray-700">No events ahead.</p>
        )}
        {details.data.event_locations.length ? (
          <p className="text-sm text-gray-600">Held at {details.data.event_locations.map((l) => l.name).join(', ')}</p>
        ) : null}
      </section>
      {mayPost ? (
        <>
          <NewsComposer
            page={page}
            onCreated={() => {
              setTab('news');
              void queryClient.invalidateQueries({ queryKey: source.key });
            }}
          />
          <p>
            <Link to={`/profile/plants/create?page=${page.id}`} className={link}>
              List a plant as {page.name}
            </Link>
          </p>
        </>
      ) : null}
      <div role="tablist" aria-label="Page sections" className="flex gap-2 border-b border-gray-200">
        {(['news', 'plants', 'members'] as const).map((t) => (
          <button
            key={t}
            role="tab"
            type="button"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={`-mb-px border-b-2 px-3 py-2 font-medium ${tab === t ? 'border-primary-700 text-primary-900' : 'border-transparent text-gray-600 hover:text-gray-900'}`}
          >
            {t === 'news' ? 'News' : t === 'plants' ? `Plants (${details.data.counts.plantsAll})` : `Members (${page.memberCount})`}
          </button>
        ))}
      </div>
      {tab === 'news' ? (
        <Feed source={source} filter="postsAll" title={`News from ${page.name}`} hideTitle empty={{ postsAll: `${page.name} has not posted news yet.` }} />
      ) : tab === 'plants' ? (
        auth.loggedIn ? (
          <Feed source={plants} filter="plantsAll" title={`Plants from ${page.name}`} hideTitle empty={{ plantsAll: `${page.name} has not listed any plants yet.` }} />
        ) : (
          <p className="text-gray-700">Sign in to see the plants this page lists.</p>
        )
      ) : (
        <Suspense fallback={<div role="status" aria-busy="true" aria-label="Loading members" className="h-24 animate-pulse rounded-xl bg-gray-100" />}>
          <MemberList pageId={page.id} signedIn={auth.loggedIn === true} />
        </Suspense>
      )}
    </article>
  );
}

/** "Post news as …": opens the composer (its code loads then). */
function NewsComposer({ page, onCreated }: { page: { id: string; name: string }; onCreated: () => void }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Post news as {page.name}
      </Button>
    );
  }
  return (
    <Suspense fallback={<div role="status" aria-busy="true" aria-label="Loading the composer" className="h-40 animate-pulse rounded-xl bg-gray-100" />}>
      <Composer asPage={{ id: page.id, name: page.name }} onCreated={onCreated} />
    </Suspense>
  );
}

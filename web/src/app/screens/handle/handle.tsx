/**
 * /:handle: a member's public profile (their card, what they tell about themselves and the pages
 * they belong to, and what they have shared: posts, plants, available plants, as the viewer may
 * see them), or a page's profile. An unknown handle is the not-found page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { FeedFilter } from '@shared/constants';
import { toTitleCase } from '@shared/format';
import type { FeedCounts } from '@shared/answers/feeds';
import { NotFoundScreen } from '@/components/errors/not-found';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { useFeed, type FeedSource } from '@/lib/feed/feed';
import { handleFeed } from '@/features/content/api/feeds';
import { DocumentTitle } from '@/features/content/components/document-title';
import { Feed, FeedSkeleton } from '@/features/content/components/feed';
import { ProfileCard } from '@/features/content/components/profile-card';
import { useMemberProfile } from '@/features/users/api/users';
import { MemberDetails } from '@/features/users/components/member-details';
import { viewerOf, viewerReady } from '@/lib/ids';
import { pagesKeys } from '@/features/pages/api/pages';
import { useReportAction } from '@/components/report/report-action';
import { forgetPage, isKnownPage, rememberPage } from '@/lib/known-pages';
import { ApiError } from '@/lib/api';

/** A member's next events load with their own chunk: a page's profile (its events come with its details) never needs it. */
const MemberEvents = lazy(() => import('@/app/screens/handle/member-events').then((m) => ({ default: m.MemberEvents })));
/** A page's profile is its own chunk: members' profiles do not load it. */
const PageProfile = lazy(() => import('@/app/screens/handle/page-profile').then((m) => ({ default: m.PageProfile })));

const FILTERS: readonly FeedFilter[] = ['postsAll', 'plantsAll', 'plantsAvail'];
const link = 'font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900';

export default function HandleScreen() {
  const { handle: raw = '' } = useParams();
  const handle = raw.toLowerCase();
  return <HandleProfile key={handle} handle={handle} />;
}

function HandleProfile({ handle }: { handle: string }) {
  const auth = useAuth();
  const viewer = viewerOf(auth);
  const source = useMemo(() => handleFeed(viewer, handle), [viewer, handle]);
  const ready = viewerReady(auth);
  const queryClient = useQueryClient();
  // A handle already known as a page's opens the page's profile at once: its one request
  // (all-details) answers the page, its news and its events. Should that page be gone, the
  // handle is asked about as any other.
  const [notPage, setNotPage] = useState(false);
  const knownPage = !notPage && (isKnownPage(handle) || queryClient.getQueryData(pagesKeys.details(viewer, handle)) !== undefined);
  // The posts answer carries the owner's card: the same cached query the Posts tab reads.
  const posts = useFeed(source, 'postsAll', ready && !knownPage);
  const owner = posts.data?.pages[0]?.owner ?? null;
  const name = owner?.name ? toTitleCase(owner.name) : `@${handle}`;

  if (!knownPage && posts.isError && posts.error instanceof ApiError && (posts.error.status === 404 || posts.error.status === 400)) return <NotFoundScreen />;
  // Pages share the handle namespace: otherwise the posts answer says which one this is.
  if (knownPage || owner?.type === 'page') {
    if (owner?.type === 'page') rememberPage(handle);
    return (
      <Suspense fallback={<FeedSkeleton label={`Loading @${handle}…`} cards={2} />}>
        <PageProfile
          handle={handle}
          onNotFound={
            knownPage && owner?.type !== 'page'
              ? () => {
                  forgetPage(handle);
                  setNotPage(true);
                }
              : undefined
          }
        />
      </Suspense>
    );
  }
  return (
    <>
      <DocumentTitle title={owner ? `${name} (@${owner.handle ?? handle})` : `@${handle}`} />
      <ProfileBody handle={handle} posts={posts} source={source} name={name} />
    </>
  );
}

function ProfileBody({ handle, posts, source, name }: { handle: string; posts: ReturnType<typeof useFeed>; source: FeedSource; name: string }) {
  const auth = useAuth();
  const [filter, setFilter] = useState<FeedFilter>('postsAll');
  const [counts, setCounts] = useState<FeedCounts | null>(null);
  const owner = posts.data?.pages[0]?.owner ?? null;
  // The profile is asked for once the posts answer names the member (by uuid).
  const profile = useMemberProfile(viewerOf(auth), owner?.type === 'user' ? owner.id : null);
  const report = useReportAction({ type: 'user', id: owner?.id ?? '' });

  if (posts.isError && !posts.data) {
    return (
      <article className="space-y-4">
        <h1 className="text-2xl font-semibold text-gray-900">@{handle}</h1>
        <FormAlert message={failureMessage(posts.error)} title="Could not load this profile">
          <Button className="mt-3" variant="secondary" onClick={() => void posts.refetch()} pending={posts.isFetching} pendingLabel="Retrying…">
            Try again
          </Button>
        </FormAlert>
      </article>
    );
  }

  // The screen is drawn once, when both answers are in: the card, what the member tells about
  // themself and the posts, so nothing drawn is pushed down by what comes after it. Should the
  // profile not come, the rest shows without it.
  if (!posts.data || (owner?.type === 'user' && profile.isPending)) {
    return (
      <article className="space-y-4">
        <h1 className="sr-only">@{handle}</h1>
        <FeedSkeleton label={`Loading @${handle}…`} cards={2} />
      </article>
    );
  }

  const self = auth.loggedIn === true && auth.user?.username?.toLowerCase() === handle;
  const shownCounts = counts ?? posts.data.pages[posts.data.pages.length - 1]?.counts ?? null;

  return (
    <article className="space-y-6">
      <ProfileCard name={owner?.name ?? ''} handle={owner?.handle ?? handle} avatar={owner?.avatar ?? null} counts={shownCounts}>
        {self ? (
          <>
            <Link to={paths.profile} className={link}>
              Your profile
            </Link>
            <Link to={paths.settings} className={link}>
              Edit your details
            </Link>
          </>
        ) : auth.loggedIn ? (
          <Link to={`${paths.messages}/${encodeURIComponent(handle)}`} className={link}>
            Send a message
          </Link>
        ) : null}
        {auth.loggedIn ? (
          <Link to={`/${encodeURIComponent(handle)}/events`} className={link}>
            Events
          </Link>
        ) : null}
        <Link to={`/${encodeURIComponent(handle)}/swaps`} className={link}>
          Swaps
        </Link>
        {report.allowed && !self && owner?.type === 'user' ? (
          <button type="button" onClick={report.action.onSelect} className={link}>
            Report<span className="sr-only">{` ${name}`}</span>
          </button>
        ) : null}
        {report.dialog}
      </ProfileCard>
      {profile.data ? <MemberDetails profile={profile.data} name={name} /> : null}
      {auth.loggedIn && owner?.type === 'user' ? (
        <Suspense fallback={null}>
          <MemberEvents viewer={auth.user?.uuid ?? ''} userId={owner.id} handle={owner.handle ?? handle} />
        </Suspense>
      ) : null}
      <Feed
        source={source}
        filters={FILTERS}
        filter={filter}
        onFilterChange={setFilter}
        title={`Shared by ${name}`}
        hideTitle
        onCounts={setCounts}
        empty={{
          postsAll: `${name} has not posted yet.`,
          plantsAll: `${name} has not listed any plants yet.`,
          plantsAvail: `None of ${name}'s plants is available right now.`,
        }}
      />
    </article>
  );
}

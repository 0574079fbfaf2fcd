/** /tag/:name: the posts and plants with a tag, newest first, as the viewer may see them. */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatNumber } from '@shared/format';
import type { FeedCounts } from '@shared/answers/feeds';
import { normaliseTagName, TAG_NAME_PATTERN } from '@shared/tag-rules';
import { NotFoundScreen } from '@/components/errors/not-found';
import { useAuth } from '@/lib/auth/auth-store';
import { tagFeed } from '@/features/content/api/feeds';
import { DocumentTitle } from '@/features/content/components/document-title';
import { Feed } from '@/features/content/components/feed';
import { viewerOf, viewerReady } from '@/lib/ids';

// Members only: guests never load it.
const FollowTag = lazy(() => import('@/features/tags/components/follow-tag').then((m) => ({ default: m.FollowTag })));

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

export default function TagScreen() {
  const { name = '' } = useParams();
  const tag = normaliseTagName(name);
  if (!TAG_NAME_PATTERN.test(tag)) return <NotFoundScreen />;
  return <TagFeed key={tag} tag={tag} />;
}

function TagFeed({ tag }: { tag: string }) {
  const auth = useAuth();
  const viewer = viewerOf(auth);
  const source = useMemo(() => tagFeed(viewer, tag), [viewer, tag]);
  const [counts, setCounts] = useState<FeedCounts | null>(null);
  const member = auth.loggedIn === true && !!auth.user?.registration_complete;

  return (
    <article className="space-y-6">
      <DocumentTitle title={`#${tag}`} />
      <header className="space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-gray-900 sm:text-3xl">#{tag}</h1>
          {member && auth.user ? (
            <div className="flex flex-wrap items-center gap-3">
              <Suspense fallback={null}>
                <FollowTag userId={auth.user.uuid} tag={tag} />
              </Suspense>
              <Link to={`/profile/wanted?tag=${encodeURIComponent(tag)}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-800 underline underline-offset-2">
                Want this?
              </Link>
            </div>
          ) : null}
        </div>
        <p className="max-w-prose text-gray-600" aria-live="polite">
          {counts
            ? `${plural(counts.postsAll, 'post', 'posts')} and ${plural(counts.plantsAll, 'plant', 'plants')} tagged ${tag}.`
            : `Posts and plants tagged ${tag}.`}
        </p>
      </header>
      <Feed
        source={source}
        filter="postsAll"
        title={`Tagged ${tag}`}
        hideTitle
        enabled={viewerReady(auth)}
        onCounts={setCounts}
        empty={{ postsAll: `Nothing is tagged ${tag} yet.` }}
      />
    </article>
  );
}

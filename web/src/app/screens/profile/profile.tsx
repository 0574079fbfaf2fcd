/**
 * /profile: the signed-in member's own page: their card with counts (private items included),
 * the composer, and all their posts, private ones too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { PostView } from '@shared/answers/posts';
import { Notice } from '@/components/form/feedback';
import { handleHref, paths } from '@/config/paths';
import { Composer } from '@/features/compose/components/composer';
import { useAuth } from '@/lib/auth/auth-store';
import { addCreatedPost } from '@/features/content/api/cache';
import { myPostsFeed, useUserCounts } from '@/features/content/api/feeds';
import { Feed } from '@/features/content/components/feed';
import { ProfileCard } from '@/features/content/components/profile-card';
import { viewerOf } from '@/lib/ids';
import { useDocumentTitle } from '@/hooks/use-document-title';

const link = 'font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900';

export default function ProfileScreen() {
  useDocumentTitle('Your profile');
  const auth = useAuth();
  const queryClient = useQueryClient();
  const user = auth.user!;
  const viewer = viewerOf(auth);
  const source = useMemo(() => myPostsFeed(viewer), [viewer]);
  const [plantNote, setPlantNote] = useState(false);
  const counts = useUserCounts(viewer, user.uuid);
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');

  const onCreated = (post: PostView) => {
    addCreatedPost(queryClient, viewer, post);
    setPlantNote(post.kind === 'plant');
  };

  return (
    <article className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">Your profile</h1>
      <ProfileCard
        as="h2"
        name={name}
        handle={user.username}
        avatar={user.avatar}
        counts={counts.data ?? null}
        countsNote={counts.isPending ? 'Counting your posts…' : counts.isError ? 'Your counts could not be loaded just now.' : undefined}
      >
        {user.username ? (
          <Link to={handleHref(user.username)} className={link}>
            See your public profile
          </Link>
        ) : null}
        <Link to="/profile/plants" className={link}>
          Your plants
        </Link>
        <Link to={paths.swaps} className={link}>
          Your swaps
        </Link>
        {user.registration_complete ? (
          <Link to={paths.wanted} className={link}>
            Wanted list
          </Link>
        ) : null}
        <Link to={paths.settings} className={link}>
          Settings
        </Link>
      </ProfileCard>

      {user.registration_complete ? <Composer onCreated={onCreated} /> : null}

      {plantNote ? (
        <Notice title="Your plant is listed">
          <p>
            It is with{' '}
            <Link to="/profile/plants" className="font-semibold underline underline-offset-2">
              your plants
            </Link>
            .
          </p>
        </Notice>
      ) : null}

      <Feed
        source={source}
        filter="postsAll"
        title="Your posts"
        empty={{ postsAll: 'You have not posted yet. Your posts, private ones included, will appear here.' }}
      />
    </article>
  );
}

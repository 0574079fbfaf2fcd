/** /profile/plants: the plants the signed-in member has listed (private ones too), all or available. */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { FeedFilter } from '@shared/constants';
import { buttonClass } from '@/components/form/feedback';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/lib/auth/auth-store';
import { myPlantsFeed } from '@/features/content/api/feeds';
import { Feed } from '@/features/content/components/feed';
import { viewerOf } from '@/lib/ids';

const FILTERS: readonly FeedFilter[] = ['plantsAll', 'plantsAvail'];
const CREATE = '/profile/plants/create';

export default function ProfilePlantsScreen() {
  useDocumentTitle('Your plants');
  const auth = useAuth();
  const user = auth.user!;
  const viewer = viewerOf(auth);
  const source = useMemo(() => myPlantsFeed(viewer, user.uuid), [viewer, user.uuid]);
  const [filter, setFilter] = useState<FeedFilter>('plantsAll');

  return (
    <article className="space-y-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">Your plants</h1>
          <p className="max-w-prose text-gray-600">The plants you have listed, private ones included.</p>
        </div>
        <Link to={CREATE} className={buttonClass('primary', 'shrink-0')}>
          List a plant
        </Link>
      </header>
      <Feed
        source={source}
        filters={FILTERS}
        filter={filter}
        onFilterChange={setFilter}
        title="Your plant listings"
        hideTitle
        empty={{
          plantsAll: (
            <>
              You have not listed any plants yet.{' '}
              <Link to={CREATE} className="font-semibold text-primary-800 underline underline-offset-2">
                List your first plant
              </Link>
              .
            </>
          ),
          plantsAvail: 'None of your plants is available right now.',
        }}
      />
    </article>
  );
}

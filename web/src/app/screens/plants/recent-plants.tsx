/** /_recent-plants: the newest plant listings, all or only the available ones. */
import { useMemo, useState } from 'react';
import type { FeedFilter } from '@shared/constants';
import { PageShell } from '@/components/page-shell';
import { useAuth } from '@/lib/auth/auth-store';
import { recentPlantsFeed } from '@/features/content/api/feeds';
import { Feed } from '@/features/content/components/feed';
import { viewerOf, viewerReady } from '@/lib/ids';

const FILTERS: readonly FeedFilter[] = ['plantsAll', 'plantsAvail'];

export default function RecentPlantsScreen() {
  const auth = useAuth();
  const viewer = viewerOf(auth);
  const source = useMemo(() => recentPlantsFeed(viewer), [viewer]);
  const [filter, setFilter] = useState<FeedFilter>('plantsAll');
  return (
    <PageShell title="Recent plants" description="The latest plant listings on the site, newest first.">
      <Feed source={source} filters={FILTERS} filter={filter} onFilterChange={setFilter} title="Plant listings" hideTitle enabled={viewerReady(auth)} />
    </PageShell>
  );
}

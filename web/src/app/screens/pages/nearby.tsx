/** /pages/nearby: gardens, nurseries and clubs near you, by distance, on a list and a map. */
import { Link } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { viewerOf } from '@/lib/ids';
import { PageCard } from '@/features/pages/components/page-card';
import { pageHref } from '@/lib/known-pages';
import { useNearbyPages } from '@/features/places/api/places';
import { NearbyView, useNearbySearch } from '@/features/places/components/nearby-view';

export default function NearbyPagesScreen() {
  const auth = useAuth();
  const search = useNearbySearch();
  const pages = useNearbyPages(viewerOf(auth), search.origin, search.radiusKm);
  return (
    <PageShell title="Pages near you" description="Nurseries, clubs and gardens close to you.">
      <NearbyView
        search={search}
        noun="pages"
        result={{ ...pages, items: pages.data?.pages, radiusKm: pages.data?.radius_km }}
        pointOf={(p) => ({ id: p.id, latitude: p.latitude, longitude: p.longitude, label: p.name, href: pageHref(p.handle) })}
        empty={
          <p className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-gray-700">
            No pages within {search.radiusLabel} yet. Try a wider distance, browse{' '}
            <Link to={paths.pages} className="font-semibold text-primary-800 underline underline-offset-2">
              all pages
            </Link>
            , or{' '}
            <Link to={paths.newPage} className="font-semibold text-primary-800 underline underline-offset-2">
              start one
            </Link>
            .
          </p>
        }
        renderItem={(p, i) => <PageCard page={p} distanceKm={p.distance_km} index={i} />}
      />
    </PageShell>
  );
}

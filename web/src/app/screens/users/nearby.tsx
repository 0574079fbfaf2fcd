/**
 * /users/nearby: members near you, by distance (from the centre of their ~1 km area), on a list and a map.
 * A list already holding more than one member is kept on return; Refresh loads it again.
 */
import { Link } from 'react-router';
import { Button } from '@/components/form/feedback';
import { PageShell } from '@/components/page-shell';
import { handleHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { Avatar } from '@/components/avatar';
import { viewerOf } from '@/lib/ids';
import { memberName as nameOf } from '@/features/content/lib/names';
import { useNearbyUsers } from '@/features/places/api/places';
import { distanceText } from '@/lib/places';
import { NearbyView, useNearbySearch } from '@/features/places/components/nearby-view';
import { NumberBadge } from '@/components/places/number-badge';

export default function NearbyUsersScreen() {
  const auth = useAuth();
  const search = useNearbySearch();
  const users = useNearbyUsers(viewerOf(auth), search.origin, search.radiusKm);
  return (
    <PageShell title="People near you" description="Growers close to you who show up in nearby searches.">
      <p className="flex justify-end">
        <Button variant="secondary" onClick={() => void users.refetch()} disabled={!search.origin} pending={users.isFetching} pendingLabel="Refreshing…">
          Refresh
        </Button>
      </p>
      <NearbyView
        search={search}
        noun="people"
        result={{ ...users, items: users.data?.users, radiusKm: users.data?.radius_km }}
        pointOf={(u) => ({ id: u.uuid, latitude: u.cell.latitude, longitude: u.cell.longitude, label: nameOf(u), href: handleHref(u.username) })}
        empty={
          <p className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-gray-700">
            Nobody within {search.radiusLabel} shows up in nearby searches yet. Try a wider distance, or see{' '}
            <Link to={paths.users} className="font-semibold text-primary-800 underline underline-offset-2">
              everyone
            </Link>
            .
          </p>
        }
        renderItem={(u, i) => (
          <Link to={handleHref(u.username)} className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm hover:border-primary-300">
            <NumberBadge n={i + 1} />
            <Avatar src={u.avatar} name={nameOf(u)} />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-gray-900">{nameOf(u)}</span>
              <span className="block text-sm text-gray-600">
                @{u.username} · {distanceText(u.distance_km, search.units)}
              </span>
            </span>
          </Link>
        )}
      />
    </PageShell>
  );
}

/** /nearby/plants: available plants near the member, by distance, on a list and a map; narrowed by availability and words kept in the address. */
import { Link } from 'react-router';
import { Button } from '@/components/form/feedback';
import { PageShell } from '@/components/page-shell';
import { paths, plantHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { viewerOf } from '@/lib/ids';
import { useNearbyPlants } from '@/features/places/api/places';
import { distanceText } from '@/lib/places';
import { NearbyView, useNearbySearch } from '@/features/places/components/nearby-view';
import { NumberBadge } from '@/components/places/number-badge';
import { PlantFilters, usePlantFilters } from '@/features/places/components/plant-filters';
import { cardImageUrl } from '@/lib/images';
import { plantName } from '@shared/format';

/** How the empty state says a kind of availability. */
const KIND_PHRASE = { swap: 'to swap', sale: 'for sale', free: 'free to a good home' } as const;
const nameOf = (p: { plant: { commonName: string } | null }) => (p.plant ? plantName(p.plant.commonName) : 'A plant');

export default function NearbyPlantsScreen() {
  const auth = useAuth();
  const search = useNearbySearch();
  const filters = usePlantFilters();
  const plants = useNearbyPlants(viewerOf(auth), search.origin, search.radiusKm, { availability: filters.availability, q: filters.sentQ });
  const what = [filters.availability ? KIND_PHRASE[filters.availability] : '', filters.sentQ ? `matching “${filters.sentQ}”` : ''].filter(Boolean).join(', ');
  return (
    <PageShell title="Plants near you" description="Plants up for swap, sale or giving away, nearest first.">
      <PlantFilters filters={filters} />
      <NearbyView
        search={search}
        noun="plants"
        result={{ ...plants, items: plants.data?.plants, radiusKm: plants.data?.radius_km }}
        pointOf={(p) => ({ id: p.id, latitude: p.cell.latitude, longitude: p.cell.longitude, label: nameOf(p), href: plantHref(p.id) })}
        empty={
          what ? (
            <div className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-gray-700">
              <p>
                No available plants {what} within {search.radiusLabel}.
              </p>
              <Button className="mt-3" variant="secondary" onClick={filters.clear}>
                Clear filters
              </Button>
            </div>
          ) : (
            <p className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-gray-700">
              No available plants within {search.radiusLabel} yet. Try a wider distance, or{' '}
              <Link to={paths.recentPlants} className="font-semibold text-primary-800 underline underline-offset-2">
                browse recent plants
              </Link>
              .
            </p>
          )
        }
        renderItem={(p, i) => {
          const photo = p.photos[0];
          return (
            <Link to={plantHref(p.id)} state={{ distanceKm: p.distance_km }} className="flex gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm hover:border-primary-300">
              <NumberBadge n={i + 1} className="mt-1" />
              {photo ? <img src={cardImageUrl(photo)} alt="" className="size-16 shrink-0 rounded-lg bg-gray-100 object-cover" loading="lazy" decoding="async" width={64} height={64} /> : null}
              <span className="min-w-0">
                <span className="block truncate font-semibold text-gray-900">{nameOf(p)}</span>
                <span className="block text-sm text-gray-700">{p.plant?.availability}</span>
                <span className="block text-sm text-gray-600">
                  {[p.area, distanceText(p.distance_km, search.units), p.owner.name].filter(Boolean).join(' · ')}
                </span>
              </span>
            </Link>
          );
        }}
      />
    </PageShell>
  );
}

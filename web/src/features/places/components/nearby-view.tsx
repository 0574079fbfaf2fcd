/**
 * The frame of the nearby screens (plants, pages, members): where the search is centred and how
 * to change it, the radius, then the results as a list and on a map (a lazily loaded chunk),
 * with loading, empty and error states. The centre starts at the "Near you" panel's: the
 * member's place, else the connection's, else the site's default.
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { panelPoint } from '@shared/panel-point';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { useMemberSettings } from '@/lib/user-settings';
import { useTileAttribution, useTileUrl } from '@/components/places/tile-url';
import { useSearchOrigin } from '../api/places';
import { radiusText } from '@/lib/places';
import type { MapPoint } from '@/components/places/nearby-map';
import { OriginPicker, RADII, RadiusChoice } from './origin-picker';

const NearbyMap = lazy(() => import('@/components/places/nearby-map'));

export interface NearbyResult<T> {
  items: T[] | undefined;
  /** The radius the answer searched (`radius_km`): less than asked where the index cannot search that wide. */
  radiusKm?: number | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The screen's radius for a member's "nearby means within" setting: the setting itself (every setting is a choice), else the largest choice not past it. */
export function radiusForSetting(settingKm: number): number {
  return [...RADII].reverse().find((km) => km <= settingKm) ?? RADII[0];
}

/**
 * The centre and radius of a nearby screen: the centre is the one the "Near you" panel uses (the
 * place chosen, remembered across screens, else the panel's origin); the radius, for a member,
 * their "nearby means within" setting until they pick a radius here.
 */
export function useNearbySearch(defaultKm = 25) {
  const { viewer, origin: from, setOrigin, chosen, near } = useSearchOrigin();
  // A guest searches from the centre of the ~5 km cell their "Near you" panel is answered for
  // (shared/panel-point.ts), so the list and the panel beside it agree.
  const origin = useMemo(() => (from && viewer === 'guest' ? { ...from, ...panelPoint(from) } : from), [from, viewer]);
  const settings = useMemberSettings();
  const [pickedKm, setRadiusKm] = useState<number | null>(null);
  const setting = settings.data?.nearby_radius_km;
  const radiusKm = pickedKm ?? (setting ? radiusForSetting(setting) : defaultKm);
  const units = settings.data?.units ?? 'metric';
  return { origin, setOrigin, radiusKm, setRadiusKm, originError: !chosen && near.isError, units, radiusLabel: radiusText(radiusKm, units) };
}


export function NearbyView<T>({
  search,
  result,
  noun,
  renderItem,
  pointOf,
  empty,
  order = 'nearest first',
  above,
  renderAll,
  mapCaption,
}: {
  /** What the map says of where things are drawn (the map's own caption by default). */
  mapCaption?: string;
  search: ReturnType<typeof useNearbySearch>;
  /** How the list is sorted, as the count line says it. */
  order?: string;
  /** Shown above the list once the search has answered (another way to see the results, say). */
  above?: ReactNode;
  /** Shows all the results at once instead of the list (a calendar, say). */
  renderAll?: ((items: T[]) => ReactNode) | undefined;
  result: NearbyResult<T>;
  noun: string;
  renderItem: (item: T, index: number) => ReactNode;
  pointOf: (item: T) => MapPoint;
  empty: ReactNode;
}) {
  const { origin, setOrigin, radiusKm, setRadiusKm, units } = search;
  const items = result.items ?? [];
  // The index searched less than asked (the widest it serves here): say so, and count within what it searched.
  const searchedKm = result.radiusKm !== undefined && result.radiusKm < radiusKm ? result.radiusKm : radiusKm;
  const within = radiusText(searchedKm, units);
  const tileUrl = useTileUrl();
  const tileAttribution = useTileAttribution();
  return (
    <div className="space-y-4">
      <OriginPicker origin={origin} onChange={setOrigin} />
      <RadiusChoice value={radiusKm} onChange={setRadiusKm} units={units} />
      {search.originError && !origin ? (
        <FormAlert message="Where you are could not be worked out. Use your location or choose a place above." title="No place to search from" />
      ) : result.isError && !result.items ? (
        <FormAlert message={failureMessage(result.error)} title={`Could not load ${noun} near you`}>
          <Button className="mt-3" variant="secondary" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : !origin || (result.isPending && !result.items) ? (
        <div role="status" aria-busy="true" aria-label={`Loading ${noun} near you`} className="space-y-3">
          <div className="space-y-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-20 animate-pulse rounded-xl bg-gray-100" />
            ))}
          </div>
          <MapSkeleton />
        </div>
      ) : (
        <div className="space-y-4">
          <section aria-label={`${noun} by distance`} aria-busy={result.isFetching}>
            <p className="mb-2 text-sm text-gray-600" aria-live="polite">
              {result.isFetching ? 'Searching…' : items.length ? `${items.length} within ${within}, ${order}` : ''}
            </p>
            {!result.isFetching && searchedKm < radiusKm ? <p className="mb-2 text-sm text-gray-700">Searched within {within} (the widest here).</p> : null}
            {above}
            {!items.length ? empty : renderAll ? renderAll(items) : <ol className="space-y-3">{items.map((item, i) => <li key={pointOf(item).id}>{renderItem(item, i)}</li>)}</ol>}
          </section>
          <Suspense fallback={<MapSkeleton label="Loading the map" />}>
            <NearbyMap centre={origin} radiusKm={radiusKm} units={units} tileUrl={tileUrl} tileAttribution={tileAttribution} points={items.map(pointOf)} {...(mapCaption ? { caption: mapCaption } : {})} label={`Map of ${items.length} ${noun} within ${within} of ${origin.label}`} />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** The map's place while it loads (the same size, so nothing moves when it comes). */
function MapSkeleton({ label }: { label?: string }) {
  return label ? (
    <div role="status" aria-label={label} className="mx-auto aspect-square max-w-md animate-pulse rounded-xl bg-gray-100" />
  ) : (
    <div className="mx-auto aspect-square max-w-md animate-pulse rounded-xl bg-gray-100" />
  );
}

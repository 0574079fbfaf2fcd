/**
 * The map of a nearby search (or of one place): the search's circle around "you" and each result
 * at its place (a page where it may be shown, a member or a listing at the centre of its ~1 km
 * cell), numbered as in the list, on a map that pans and zooms, with close results clustered.
 * This frame is small and keeps the map's room from the first paint (no layout shift), showing a
 * still picture of the view (map-preview.tsx); Leaflet and the clustering come through import() of
 * ./leaflet-map, a chunk of their own, once the reader reaches for the map.
 *
 * With no tile server it needs no internet (the local host and CI have none): a plain base that
 * names the towns and suburbs around the centre (GET /api/location/places-near, from the server's
 * gazetteer). When the site names one (the public setting `map_tile_url`, which may only point at
 * a tile origin the deployment's Content-Security-Policy allows), its tiles are the base, credited
 * by the public setting `map_tile_attribution`. The list beside the map holds every result too,
 * so keyboard and screen-reader users never depend on the map.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { placesKeys, placesNear, type Point, type Units } from '@/lib/places';
import type { MapHandle, MapOptions } from './leaflet-map';
import { MapPreview } from './map-preview';

export interface MapPoint extends Point {
  id: string;
  label: string;
  href: string;
}

/** Coordinates in links: five decimals (about a metre). */
const fixed = (n: number) => String(Math.round(n * 1e5) / 1e5);

/** "Open in a map app": the geo: URI phones hand to their map app, and OpenStreetMap's page for any browser. */
export function mapAppLinks(p: Point, zoom = 14): { geo: string; osm: string } {
  const lat = fixed(p.latitude);
  const lng = fixed(p.longitude);
  return { geo: `geo:${lat},${lng}`, osm: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}` };
}

/** The radius of the places named on the plain base: the circle and the corners of its square view, within the route's 100 km. */
export function placesRadiusKm(radiusKm: number): number {
  return Math.min(100, Math.max(1, Math.ceil(radiusKm * 1.5)));
}

export default function NearbyMap({
  centre,
  radiusKm,
  points,
  label,
  tileUrl = null,
  tileAttribution = null,
  centreLabel = 'You',
  caption = 'Members and listings are placed at their ~1 km area, never their address.',
  units = 'metric',
  onPick = null,
}: {
  /** When set, a click on the map chooses that point (the map is then a picker; its fields stay the keyboard's way). */
  onPick?: ((point: Point) => void) | null;
  centre: Point;
  radiusKm: number;
  /** The units of the scale. */
  units?: Units;
  points: MapPoint[];
  label: string;
  tileUrl?: string | null;
  /** Who the tiles are credited to (the site setting), shown under the map. */
  tileAttribution?: string | null;
  /** The centre's mark and name; null draws none, nor the search circle (the map of one place). */
  centreLabel?: string | null;
  caption?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const navigate = useNavigate();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const around = placesRadiusKm(radiusKm);
  const places = useQuery({
    queryKey: placesKeys.near(centre, around),
    queryFn: ({ signal }) => placesNear(centre, around, signal),
    enabled: !tileUrl,
    staleTime: Infinity,
  });
  // The screens hand a new array on every render: the map redraws only when the results do.
  const resultsKey = points.map((p) => `${p.id}@${p.latitude},${p.longitude}`).join('|');
  const results = useMemo(() => points, [resultsKey]); // keyed by what the map draws, not the array's identity
  // The screen hands a new function on every render: the map holds one that calls the latest.
  const picker = useRef(onPick);
  picker.current = onPick;
  const picking = onPick !== null;
  const pick = useMemo(() => (picking ? (p: Point) => picker.current?.(p) : null), [picking]);
  const options: MapOptions = {
    centre: { latitude: centre.latitude, longitude: centre.longitude },
    radiusKm,
    results,
    tileUrl,
    centreLabel,
    places: tileUrl ? [] : (places.data?.places ?? []),
    units,
    navigate: (href) => void navigate(href),
    pick,
  };
  const latest = useRef(options);
  latest.current = options;

  // Leaflet comes when the reader reaches for the map (see map-preview.tsx): until then a still
  // picture of the same view, so no screen's first load carries it.
  const [active, setActive] = useState(false);
  const activate = () => setActive(true);
  useEffect(() => {
    if (!active) return;
    let gone = false;
    import('./leaflet-map')
      .then(({ mountMap }) => {
        if (gone || !box.current) return;
        // The "Move and zoom" button goes once the map is there: its focus moves to the map.
        const hadFocus = box.current.parentElement?.contains(document.activeElement) ?? false;
        handle.current = mountMap(box.current, latest.current);
        setState('ready');
        if (hadFocus) box.current.focus();
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [active]);

  useEffect(() => {
    handle.current?.update(latest.current);
  }, [centre.latitude, centre.longitude, radiusKm, results, tileUrl, centreLabel, places.data, units, pick]);

  const links = mapAppLinks(centre);
  const credit = tileUrl ? `Map tiles: ${tileAttribution ?? tileHost(tileUrl)}.` : places.data?.places.length ? `Place names: ${places.data.attribution}.` : '';
  return (
    <figure className="mx-auto w-full max-w-md rounded-xl border border-gray-200 bg-white p-2 shadow-sm">
      {/* A group, not an image: its markers open links to what they show. `isolate` keeps Leaflet's layers under the app's menus. */}
      <div
        role="group"
        aria-label={label}
        className="relative isolate aspect-square w-full overflow-hidden rounded-lg bg-primary-50"
        onPointerEnter={activate}
        onPointerDown={activate}
        onFocus={activate}
      >
        <div ref={box} className="absolute inset-0" />
        {state !== 'ready' ? <MapPreview centre={options.centre} radiusKm={radiusKm} results={results} places={options.places} centreLabel={centreLabel} /> : null}
        {state === 'failed' ? (
          <p role="status" className="absolute inset-x-2 bottom-2 rounded bg-white/90 p-2 text-sm text-gray-700">
            The map could not be loaded. Every result is in the list.
          </p>
        ) : state === 'loading' ? (
          <button type="button" onClick={activate} className="absolute right-2 bottom-2 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-800 shadow-sm">
            {active ? 'Loading the map…' : 'Move and zoom the map'}
          </button>
        ) : null}
      </div>
      <figcaption className="space-y-1 px-2 pb-1 pt-2 text-xs text-gray-600">
        <p>
          {caption} {credit}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <a className="font-semibold text-primary-800 underline" href={links.geo}>
            Open in a map app
          </a>
          <a className="font-semibold text-primary-800 underline" href={links.osm} target="_blank" rel="noopener noreferrer">
            Open in OpenStreetMap
          </a>
        </p>
      </figcaption>
    </figure>
  );
}

function tileHost(template: string): string {
  try {
    const host = new URL(template.replace(/\{[a-z]\}/g, '0')).host;
    return host.endsWith('openstreetmap.org') ? `${host}, © OpenStreetMap contributors` : host;
  } catch {
    return 'the tile server';
  }
}

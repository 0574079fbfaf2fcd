/**
 * The map of a nearby search: the search's circle around "you", drawn to scale in Web Mercator,
 * with each result at its place (a page where it may be shown, a member or a listing at the
 * centre of its ~1 km cell), numbered as in the list. With no tile server it needs no internet
 * (the local host and CI have none): a plain base under the circle. When the site names one
 * (the public setting `map_tile_url`, which may only point at a tile origin the deployment's
 * Content-Security-Policy allows), its tiles are drawn under the same projection. Loaded as its
 * own chunk, only by the screens that show a map.
 */
import { Link } from 'react-router';
import { radiusText, type Point, type Units } from '@/lib/places';

export interface MapPoint extends Point {
  id: string;
  label: string;
  href: string;
}

const SIZE = 400;
const MID = SIZE / 2;
/** The circle's radius in the drawing, leaving room for labels. */
const R = 170;
const TILE = 256;
/** Metres per pixel at zoom 0 on the equator (Web Mercator, 256-pixel tiles). */
const M_PER_PX_Z0 = 156_543.03392;
const MAX_TILE_ZOOM = 18;

/** A point in Web Mercator world pixels at zoom 0 (0…256 on both axes). */
export function worldPx(p: Point): { x: number; y: number } {
  const lat = Math.max(-85.05112878, Math.min(85.05112878, p.latitude));
  const s = Math.sin((lat * Math.PI) / 180);
  return { x: ((p.longitude + 180) / 360) * TILE, y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * TILE };
}

/** The (fractional) zoom at which `radiusKm` around `centre` spans R pixels. */
export function zoomFor(centre: Point, radiusKm: number): number {
  return Math.log2((M_PER_PX_Z0 * Math.cos((centre.latitude * Math.PI) / 180) * R) / (radiusKm * 1000));
}

/** Where `p` lands in the drawing (the antimeridian crossed the short way). */
export function project(centre: Point, zoom: number, p: Point): { x: number; y: number } {
  const k = 2 ** zoom;
  const c = worldPx(centre);
  const q = worldPx(p);
  let dx = q.x - c.x;
  if (dx > TILE / 2) dx -= TILE;
  if (dx < -TILE / 2) dx += TILE;
  return { x: MID + dx * k, y: MID + (q.y - c.y) * k };
}

/** The tiles under the drawing: position and size in the drawing, and their URL. */
export function tilesFor(centre: Point, zoom: number, template: string): { key: string; x: number; y: number; size: number; href: string }[] {
  const z = Math.max(0, Math.min(MAX_TILE_ZOOM, Math.floor(zoom)));
  const scale = 2 ** (zoom - z);
  const n = 2 ** z;
  const c = worldPx(centre);
  const cx = c.x * n;
  const cy = c.y * n;
  const half = MID / scale;
  const out: { key: string; x: number; y: number; size: number; href: string }[] = [];
  for (let ty = Math.floor((cy - half) / TILE); ty <= Math.floor((cy + half) / TILE); ty++) {
    if (ty < 0 || ty >= n) continue;
    for (let tx = Math.floor((cx - half) / TILE); tx <= Math.floor((cx + half) / TILE); tx++) {
      const wrapped = ((tx % n) + n) % n;
      out.push({
        key: `${z}/${tx}/${ty}`,
        x: MID + (tx * TILE - cx) * scale,
        y: MID + (ty * TILE - cy) * scale,
        size: TILE * scale,
        href: template.replace('{z}', String(z)).replace('{x}', String(wrapped)).replace('{y}', String(ty)),
      });
    }
  }
  return out;
}

export default function NearbyMap({
  centre,
  radiusKm,
  points,
  label,
  tileUrl = null,
  centreLabel = 'You',
  caption = 'Drawn to scale around you. Members and listings are placed at their ~1 km area, never their address.',
  units = 'metric',
}: {
  centre: Point;
  radiusKm: number;
  /** The units the rings are labelled in. */
  units?: Units;
  points: MapPoint[];
  label: string;
  tileUrl?: string | null;
  /** The centre's mark and name; null draws none (the map of one place). */
  centreLabel?: string | null;
  caption?: string;
}) {
  const zoom = zoomFor(centre, radiusKm);
  const at = (p: Point) => {
    const { x, y } = project(centre, zoom, p);
    // Rounded cells can sit a little past the circle: keep them on the drawing.
    const dx = x - MID;
    const dy = y - MID;
    const len = Math.hypot(dx, dy);
    const k = len > R + 12 ? (R + 12) / len : 1;
    return { x: MID + dx * k, y: MID + dy * k };
  };
  const tiles = tileUrl ? tilesFor(centre, zoom, tileUrl) : [];
  return (
    <figure className="mx-auto max-w-md rounded-xl border border-gray-200 bg-white p-2 shadow-sm">
      {/* A group, not an image: its markers are links to what they show. */}
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="group" aria-label={label} className="block h-auto w-full">
        <defs>
          <clipPath id="nearby-map-clip">
            <rect width={SIZE} height={SIZE} rx="12" />
          </clipPath>
        </defs>
        <g clipPath="url(#nearby-map-clip)">
          <rect width={SIZE} height={SIZE} className="fill-primary-50/60" />
          {tiles.map((t) => (
            <image key={t.key} href={t.href} x={t.x} y={t.y} width={t.size + 0.5} height={t.size + 0.5} preserveAspectRatio="none" />
          ))}
          {tiles.length
            ? null
            : [0.25, 0.5, 0.75].map((f) => (
                <g key={f} className="stroke-gray-200" strokeWidth="1">
                  <line x1={SIZE * f} y1="0" x2={SIZE * f} y2={SIZE} />
                  <line x1="0" y1={SIZE * f} x2={SIZE} y2={SIZE * f} />
                </g>
              ))}
        </g>
        <circle cx={MID} cy={MID} r={R} className={`${tiles.length ? 'fill-white/10' : 'fill-white/70'} stroke-primary-600`} strokeWidth="2" strokeDasharray="6 5" />
        <circle cx={MID} cy={MID} r={R / 2} className="fill-none stroke-primary-300" strokeWidth="1" strokeDasharray="3 4" />
        <text x={MID + 4} y={MID - R - 6} className="fill-gray-700 text-[13px]">{radiusText(radiusKm, units)}</text>
        <text x={MID + 4} y={MID - R / 2 - 4} className="fill-gray-600 text-[12px]">{radiusText(radiusKm / 2, units)}</text>
        <text x={SIZE - 18} y="24" className="fill-gray-600 text-[13px] font-semibold" textAnchor="middle">N</text>
        <path d={`M${SIZE - 18} 30 l-5 12 h10 z`} className="fill-gray-500" />
        {points.map((p, i) => {
          const { x, y } = at(p);
          return (
            <Link key={p.id} to={p.href} aria-label={`${i + 1}. ${p.label}`}>
              <circle cx={x} cy={y} r="11" className="fill-primary-700 stroke-white" strokeWidth="2" />
              <text x={x} y={y + 4} textAnchor="middle" className="fill-white text-[11px] font-semibold">
                {i + 1}
              </text>
            </Link>
          );
        })}
        {centreLabel ? (
          <>
            <circle cx={MID} cy={MID} r="7" className="fill-amber-500 stroke-white" strokeWidth="3" />
            <text x={MID} y={MID + 24} textAnchor="middle" className="fill-gray-900 text-[13px] font-semibold">
              {centreLabel}
            </text>
          </>
        ) : null}
      </svg>
      <figcaption className="px-2 pb-1 pt-2 text-xs text-gray-600">
        {caption}
        {tileUrl ? ` Map tiles: ${tileHost(tileUrl)}${tileHost(tileUrl).endsWith('openstreetmap.org') ? ' © OpenStreetMap contributors' : ''}.` : ''}
      </figcaption>
    </figure>
  );
}

function tileHost(template: string): string {
  try {
    return new URL(template.replace(/\{[xyz]\}/g, '0')).host;
  } catch {
    return 'the tile server';
  }
}

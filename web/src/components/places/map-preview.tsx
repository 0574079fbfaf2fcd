/**
 * The map before Leaflet comes: the same view drawn as a still picture (Web Mercator, to scale),
 * with the search circle, the towns around and the results grouped so that no two marks overlap.
 * Leaflet (about 47 KiB gzip) loads only when a reader reaches for the map (pointer over it, a
 * touch, focus, or the "Move and zoom" button): a facade, so a screen's first load never carries it.
 */
import type { Point } from '@/lib/places';
import type { MapPlace, MapResult } from './leaflet-map';

export const SIZE = 400;
const MID = SIZE / 2;
/** The circle's radius in the drawing, leaving room for labels. */
const R = 170;
const TILE = 256;
/** Metres per pixel at zoom 0 on the equator (Web Mercator, 256-pixel tiles). */
const M_PER_PX_Z0 = 156_543.03392;

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

/** Marks closer than this (in the drawing) are one group. */
const GROUP_PX = 30;

type Box = { x0: number; y0: number; x1: number; y1: number };
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Results grouped greedily in list order: each joins the first group within GROUP_PX of it. */
export function groupResults(at: (p: Point) => { x: number; y: number }, results: MapResult[]): { x: number; y: number; numbers: number[] }[] {
  const groups: { x: number; y: number; numbers: number[] }[] = [];
  results.forEach((r, i) => {
    const p = at(r);
    const near = groups.find((g) => Math.hypot(g.x - p.x, g.y - p.y) < GROUP_PX);
    if (near) near.numbers.push(i + 1);
    else groups.push({ ...p, numbers: [i + 1] });
  });
  return groups;
}

export function MapPreview({ centre, radiusKm, results, places, centreLabel }: { centre: Point; radiusKm: number; results: MapResult[]; places: MapPlace[]; centreLabel: string | null }) {
  const zoom = zoomFor(centre, radiusKm);
  const at = (p: Point) => {
    const { x, y } = project(centre, zoom, p);
    const dx = x - MID;
    const dy = y - MID;
    const len = Math.hypot(dx, dy);
    const k = len > R + 12 ? (R + 12) / len : 1;
    return { x: MID + dx * k, y: MID + dy * k };
  };
  const taken: Box[] = centreLabel !== null ? [{ x0: MID - 30, y0: MID - 10, x1: MID + 30, y1: MID + 30 }] : [];
  const labels: { name: string; x: number; y: number }[] = [];
  for (const p of [...places].sort((a, b) => b.population - a.population)) {
    const { x, y } = project(centre, zoom, p);
    const w = p.name.length * 6.5 + 12;
    const box = { x0: x - w / 2, y0: y - 9, x1: x + w / 2, y1: y + 9 };
    if (box.x0 < 0 || box.y0 < 0 || box.x1 > SIZE || box.y1 > SIZE || taken.some((t) => overlaps(t, box))) continue;
    taken.push(box);
    labels.push({ name: p.name, x, y });
  }
  return (
    <svg viewBox={`0 0 ${SIZE} ${SIZE}`} preserveAspectRatio="xMidYMid slice" aria-hidden="true" className="absolute inset-0 size-full">
      {centreLabel !== null ? <circle cx={MID} cy={MID} r={R} className="fill-white/60 stroke-primary-700" strokeWidth="2" strokeDasharray="6 5" /> : null}
      {labels.map((l) => (
        <text key={`${l.name}@${l.x},${l.y}`} x={l.x} y={l.y + 4} textAnchor="middle" className="fill-gray-700 text-[12px]">
          {l.name}
        </text>
      ))}
      {centreLabel ? (
        <>
          <circle cx={MID} cy={MID} r="7" className="fill-amber-500 stroke-white" strokeWidth="3" />
          <text x={MID} y={MID + 24} textAnchor="middle" className="fill-gray-900 text-[13px] font-semibold">
            {centreLabel}
          </text>
        </>
      ) : null}
      {groupResults(at, results).map((g) => (
        <g key={g.numbers.join(',')}>
          <circle cx={g.x} cy={g.y} r={g.numbers.length > 1 ? 16 : 14} className={g.numbers.length > 1 ? 'fill-primary-800 stroke-primary-200' : 'fill-primary-700 stroke-white'} strokeWidth={g.numbers.length > 1 ? 4 : 2} />
          <text x={g.x} y={g.y + 4} textAnchor="middle" className="fill-white text-[12px] font-semibold">
            {g.numbers.length > 1 ? g.numbers.length : g.numbers[0]}
          </text>
        </g>
      ))}
    </svg>
  );
}

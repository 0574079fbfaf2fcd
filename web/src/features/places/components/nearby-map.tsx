/**
 * A map that needs no internet: the search's circle around "you", drawn to scale, with each
 * result at its place (a page where it may be shown, a member or listing at the centre of its
 * ~1 km cell), numbered as in the list beside it. A local flat projection is exact enough within
 * the 50 km the screens offer. Loaded as its own chunk, only by the screens that show a map.
 */
import { Link } from 'react-router';
import type { Point } from '../api/places';

export interface MapPoint extends Point {
  id: string;
  label: string;
  href: string;
}

const SIZE = 400;
const MID = SIZE / 2;
/** The circle's radius in the drawing, leaving room for labels. */
const R = 170;
const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LNG = 111.32;

/** East and north of the centre in km (longitudes across the antimeridian included). */
export function offsetKm(centre: Point, p: Point): { east: number; north: number } {
  let dLng = p.longitude - centre.longitude;
  if (dLng > 180) dLng -= 360;
  if (dLng < -180) dLng += 360;
  return { east: dLng * KM_PER_DEG_LNG * Math.cos((centre.latitude * Math.PI) / 180), north: (p.latitude - centre.latitude) * KM_PER_DEG_LAT };
}

export default function NearbyMap({ centre, radiusKm, points, label }: { centre: Point; radiusKm: number; points: MapPoint[]; label: string }) {
  const scale = R / radiusKm;
  const at = (p: Point) => {
    const { east, north } = offsetKm(centre, p);
    // Rounded cells can sit a little past the circle: keep them on the drawing.
    const len = Math.hypot(east, north);
    const k = len * scale > R + 12 ? (R + 12) / (len * scale) : 1;
    return { x: MID + east * scale * k, y: MID - north * scale * k };
  };
  return (
    <figure className="mx-auto max-w-md rounded-xl border border-gray-200 bg-white p-2 shadow-sm">
      {/* A group, not an image: its markers are links to what they show. */}
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="group" aria-label={label} className="block h-auto w-full">
        <rect width={SIZE} height={SIZE} rx="12" className="fill-primary-50/60" />
        {[0.25, 0.5, 0.75].map((f) => (
          <g key={f} className="stroke-gray-200" strokeWidth="1">
            <line x1={SIZE * f} y1="0" x2={SIZE * f} y2={SIZE} />
            <line x1="0" y1={SIZE * f} x2={SIZE} y2={SIZE * f} />
          </g>
        ))}
        <circle cx={MID} cy={MID} r={R} className="fill-white/70 stroke-primary-600" strokeWidth="2" strokeDasharray="6 5" />
        <circle cx={MID} cy={MID} r={R / 2} className="fill-none stroke-primary-300" strokeWidth="1" strokeDasharray="3 4" />
        <text x={MID + 4} y={MID - R - 6} className="fill-gray-700 text-[13px]">{radiusKm} km</text>
        <text x={MID + 4} y={MID - R / 2 - 4} className="fill-gray-600 text-[12px]">{radiusKm / 2} km</text>
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
        <circle cx={MID} cy={MID} r="7" className="fill-amber-500 stroke-white" strokeWidth="3" />
        <text x={MID} y={MID + 24} textAnchor="middle" className="fill-gray-900 text-[13px] font-semibold">
          You
        </text>
      </svg>
      <figcaption className="px-2 pb-1 pt-2 text-xs text-gray-600">
        Drawn to scale around you. Members and listings are placed at their ~1 km area, never their address.
      </figcaption>
    </figure>
  );
}

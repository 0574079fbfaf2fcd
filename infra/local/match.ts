/**
 * Matches a request to a route of the table as API Gateway does: literal segments beat
 * `{parameters}`, and what matches nothing goes to `$default`.
 */
import { routes } from '../../functions/routes';
import type { RouteDef } from '../../functions/lib/route-types';

interface Compiled {
  route: RouteDef;
  segments: string[];
}

export interface RouteMatch {
  route: RouteDef;
  /** Decoded path parameters; undefined when a parameter is not valid percent-encoding. */
  pathParameters: Record<string, string> | undefined;
}

const compiled: Compiled[] = (routes as readonly RouteDef[]).map((route) => ({ route, segments: route.path.split('/').slice(1) }));

function isParam(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

export function matchRoute(method: string, rawPath: string): RouteMatch | null {
  const parts = rawPath.split('/').slice(1);
  let best: { c: Compiled; score: number[] } | null = null;
  for (const c of compiled) {
    if (c.route.method !== method || c.segments.length !== parts.length) continue;
    const score: number[] = [];
    let ok = true;
    for (let i = 0; i < parts.length; i++) {
      const seg = c.segments[i] ?? '';
      const part = parts[i] ?? '';
      if (isParam(seg)) {
        if (part === '') ok = false;
        score.push(0);
      } else if (seg === part) score.push(1);
      else ok = false;
      if (!ok) break;
    }
    if (!ok) continue;
    // Earlier literal segments are more specific (lexicographic comparison of the scores).
    if (!best || compareScores(score, best.score) > 0) best = { c, score };
  }
  if (!best) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const seg = best.c.segments[i] ?? '';
    if (!isParam(seg)) continue;
    try {
      params[seg.slice(1, -1)] = decodeURIComponent(parts[i] ?? '');
    } catch {
      return { route: best.c.route, pathParameters: undefined };
    }
  }
  return { route: best.c.route, pathParameters: params };
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  }
  return 0;
}

/** Handles share the first path segment with the SPA's own routes: none may shadow a screen. */
import { describe, expect, it } from 'vitest';
import { RESERVED_HANDLES } from '@shared/validation';
import { appRoutes } from './routes';

describe('reserved handles', () => {
  it("reserves every first path segment of the SPA's routes, so no handle can shadow one", () => {
    const segments = new Set(appRoutes.map((r) => r.path.split('/')[1]).filter((s): s is string => !!s && !s.startsWith(':')));
    // `_recent-plants` cannot be a handle anyway (a hyphen).
    segments.delete('_recent-plants');
    for (const segment of segments) expect(RESERVED_HANDLES.has(segment), segment).toBe(true);
  });
});

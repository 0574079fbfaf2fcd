/** GET /api/events/{id}: an event (by id or random id) with its dates and the viewer's status on each. */
import type { singleEvent as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { fullView, visibleEvent } from '../events';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  return { event: await fullView(await visibleEvent(input.id, viewer), viewer) };
};

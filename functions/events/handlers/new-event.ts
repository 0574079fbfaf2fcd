/** POST /api/iam/events/new: an event with its first dates (a series: its first 8 weeks), 201; a retry with its id: 200. */
import type { newEvent as route } from '../../../shared/contract/events';
import { reply } from '../../lib/http';
import { logFaults } from '../../lib/log-faults';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { claimCover } from '../event-images';
import { fullView } from '../events';
import { zoneAt } from '../locations';
import { createEvent } from '../creation';

export const main: Main<typeof route> = async ({ input, session }) =>
  logFaults('create event error', { userId: session.userId, eventId: input.id, pageId: input.pageId }, async () => {
    const { event, created } = await createEvent(session, input, { zoneAt, claimCover, beforeCreate: () => hitRateLimit('EVENT_USER', session.userId) });
    return reply({ event: await fullView(event, await viewerOf(session), { consistent: true }) }, { status: created ? 201 : 200 });
  });

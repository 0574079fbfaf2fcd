/** PUT /api/iam/notifications/mark-as-seen: marks the caller's listed (or all unseen) notifications seen → { tally }. */
import type { markAsSeen as route } from '../../../shared/contract/notifications';
import type { Main } from '../../lib/route-types';
import { markSeen } from '../notifications';

export const main: Main<typeof route> = async ({ input, session }) => ({ tally: await markSeen(session.userId, input.notifIds) });

/** GET /api/iam/notifications/unread-tally: { tally } of the caller's unseen notifications. */
import type { unreadTally as route } from '../../../shared/contract/notifications';
import type { Main } from '../../lib/route-types';
import { unreadTally } from '../notifications';

export const main: Main<typeof route> = async ({ session }) => ({ tally: await unreadTally(session.userId) });

/** GET /api/iam/notifications/unread-tally: { tally } of the caller's unseen notifications. */
import type { noInput } from '../../shared/schemas/common';
import type { Main } from '../lib/route-types';
import { unreadTally } from './notifications';

export const main: Main<typeof noInput> = async ({ session }) => ({ tally: await unreadTally(session!.userId) });

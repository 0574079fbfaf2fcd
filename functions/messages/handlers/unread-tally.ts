/** GET /api/iam/messages/unread-tally: { unreadMsgsTally }. */
import type { unreadTally as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { memberUnreadCount } from '../conversations';

export const main: Main<typeof route> = async ({ session }) => ({ unreadMsgsTally: await memberUnreadCount(session.userId) });

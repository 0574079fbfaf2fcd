/** PUT /api/messages/mark-as-seen: reads the listed messages' conversations up to them → { unreadMsgsTally }. */
import type { markAsSeen as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { memberUnreadCount } from '../conversations';
import { markMessagesSeen } from '../reading';

export const main: Main<typeof route> = async ({ input, session }) => {
  await markMessagesSeen(session, input.msgsArr);
  return { unreadMsgsTally: await memberUnreadCount(session.userId) };
};

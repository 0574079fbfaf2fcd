/** GET /api/iam/messages/all: the caller's inbox (or a page's they answer for), with the unread collections and tally. */
import type { all as route } from '../../../shared/contract/messages';
import { forbidden } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { livePage } from '../../pages/pages';
import { answersForPage, inboxOf, memberTally, partiesOf, rowOf } from '../conversations';

export const main: Main<typeof route> = async ({ input, session }) => {
  if (input.pageId) {
    await livePage(input.pageId);
    if (!(await answersForPage(input.pageId, session.userId))) throw forbidden('Only the page\'s admins and moderators read its messages');
  }
  const owner = input.pageId ? { type: 'page' as const, id: input.pageId } : { type: 'user' as const, id: session.userId };
  const [page, tally] = await Promise.all([inboxOf(owner, input.cursorId), memberTally(session.userId)]);
  const parties = await partiesOf(page.items.flatMap((p) => [{ type: p.participantType, id: p.participantId }, { type: p.otherType, id: p.otherId }]));
  return { conversations: page.items.map((p) => rowOf(p, parties)), cursorId: page.cursorId, ...tally };
};

/** GET /api/page/events/{arg}: a page's dates (arg = handle or id), upcoming first; guests see public events only. */
import type { pageEvents as route } from '../../../shared/contract/events';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { pageIdByHandle, shownPage } from '../../pages/pages';
import { viewerOf } from '../../lib/session/viewer';
import { UUID } from '../events';
import { ownerDates } from '../lists';

export const main: Main<typeof route> = async ({ input, session }) => {
  const id = UUID.test(input.arg.toLowerCase()) ? input.arg.toLowerCase() : await pageIdByHandle(input.arg);
  if (!id) throw notFound('There is no such page', 'arg');
  const page = await shownPage(id, session, 'arg', 'There is no such page');
  const { items, cursorId } = await ownerDates({ type: 'page', id: page.id }, input.when ?? 'upcoming', await viewerOf(session), input.cursorId);
  return { dates: items, cursorId };
};

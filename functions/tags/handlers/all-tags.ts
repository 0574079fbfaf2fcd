/** GET /api/iam/tags/all/{arg}: all tags (arg = all) or parent tags (arg = parents) by name, cursor paged. */
import type { allTags as route } from '../../../shared/contract/tags';
import type { Main } from '../../lib/route-types';
import { allTags } from '../tags';

export const main: Main<typeof route> = async ({ input }) => {
  const { items, cursorId } = await allTags(input.arg, input.cursorId);
  return { tags: items, cursorId };
};

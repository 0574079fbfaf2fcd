/** GET /api/iam/tags/all/{arg}: all tags (arg = all) or parent tags (arg = parents) by name, cursor paged. */
import type { tagsAllParams } from '../../shared/schemas/tags';
import type { Main } from '../lib/route-types';
import { allTags } from './tags';

export const main: Main<typeof tagsAllParams> = async ({ input }) => {
  const { items, cursorId } = await allTags(input.arg, input.cursorId);
  return { tags: items, cursorId };
};

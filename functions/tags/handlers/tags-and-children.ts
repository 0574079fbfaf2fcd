/** GET /api/iam/tags/get-tags-n-children/{id}: the parent tags (or the interest categories, or one tag) with their children. */
import type { tagsAndChildren as route } from '../../../shared/contract/tags';
import type { Main } from '../../lib/route-types';
import { tagNodeOf, tagTree } from '../tree';

export const main: Main<typeof route> = async ({ input }) =>
  input.id === 'parents' || input.id === 'categories' ? tagTree(input.id) : { tags: [await tagNodeOf(input.id, false)], more: false };

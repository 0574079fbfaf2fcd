/** GET /api/iam/tags/interest-cat-tags: the parent tags flagged as interest categories, with their children. */
import type { interestCatTags as route } from '../../../shared/contract/tags';
import type { Main } from '../../lib/route-types';
import { tagTree } from '../tree';

export const main: Main<typeof route> = async () => tagTree('categories');

/** GET /api/iam/tags/get-tag-n-children/{type}/{data}: a tag (by id or name: the same) with its children. */
import type { tagAndChildren as route } from '../../../shared/contract/tags';
import type { Main } from '../../lib/route-types';
import { tagNodeOf } from '../tree';

export const main: Main<typeof route> = async ({ input }) => tagNodeOf(input.data, false);

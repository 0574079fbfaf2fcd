/** PUT /api/iam/tags/check-if-last: removes each listed tag that no content uses any more. */
import type { checkIfLast as route } from '../../../shared/contract/tags';
import type { Main } from '../../lib/route-types';
import { removeUnusedTags } from '../tags';

export const main: Main<typeof route> = async ({ input }) => ({ removed: await removeUnusedTags(input.tagIdArr) });

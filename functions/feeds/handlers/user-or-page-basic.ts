/** GET /api/iam/user-or-page-basic/{x}: the card of a member or a page by id or handle. */
import type { userOrPageBasic as route } from '../../../shared/contract/feeds';
import { ownerCardOf } from '../owners';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input }) => {
  return { owner: await ownerCardOf(input.x) };
};

/** GET /api/iam/user-or-page-basic/{x}: the card of a user (pages later) by id or handle. */
import type { basicParams } from '../../shared/schemas/content';
import { ownerCardOf } from './owners';
import type { Main } from '../lib/route-types';

export const main: Main<typeof basicParams> = async ({ input }) => {
  return { owner: await ownerCardOf(input.x) };
};

/** POST /api/iam/wanted/new: want a plant, by tag or plant name, within a radius of my place. */
import type { newWanted as route } from '../../../shared/contract/wanted';
import { reply } from '../../lib/http';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { addWanted, wantedViewOf } from '../wanted';

export const main: Main<typeof route> = async ({ input, session }) => {
  await hitRateLimit('WANTED_USER', session.userId);
  return reply({ wanted: wantedViewOf(await addWanted(session, input)) }, { status: 201 });
};

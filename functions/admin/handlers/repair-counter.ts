/** POST /api/iam/admin/counters/repair (admin): a drifted feed counter set to its recounted value, guarded on the stored one. */
import type { repairCounter as route } from '../../../shared/contract/admin';
import type { Main } from '../../lib/route-types';
import { repairCounter } from '../recount';

export const main: Main<typeof route> = async ({ input }) => ({
  outcome: await repairCounter(input.scope, input.audience, input.field, input.stored, input.recounted),
});

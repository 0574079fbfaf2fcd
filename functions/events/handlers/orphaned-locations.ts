/** DELETE /api/iam/admin/orphaned-locations: removes event locations nothing points to, one bounded batch per call. */
import type { orphanedLocations as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { removeOrphans } from '../location-cleanup';

export const main: Main<typeof route> = async ({ input }) => removeOrphans(input.cursorId);

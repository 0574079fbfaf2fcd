/** DELETE /api/iam/admin/location-duplicates: merges duplicate event locations, one bounded batch per call. */
import type { locationDuplicates as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { mergeDuplicates } from '../location-cleanup';

export const main: Main<typeof route> = async ({ input }) => mergeDuplicates(input.cursorId);

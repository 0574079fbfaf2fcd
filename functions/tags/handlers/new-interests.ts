/** POST /api/iam/tags/new-interests: the member follows tags as one kind of interest (idempotent, capped). */
import type { newInterests as route } from '../../../shared/contract/tags';
import type { Main } from '../../lib/route-types';
import { addInterests } from '../interests';

export const main: Main<typeof route> = async ({ input, session }) => addInterests(session.userId, input.tagIdArr, input.interestType);

/** DELETE /api/iam/tags/delete-interests: the member stops following tags as one kind of interest (idempotent). */
import type { deleteInterests as route } from '../../../shared/contract/tags';
import type { Main } from '../../lib/route-types';
import { removeInterests } from '../interests';

export const main: Main<typeof route> = async ({ input, session }) => removeInterests(session.userId, input.tagIdArr, input.interestType);

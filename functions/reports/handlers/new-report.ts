/** POST /api/iam/reports/new: a member reports something they can see to the admins (rate limited). */
import type { newReport as route } from '../../../shared/contract/reports';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { fileReport } from '../reports';

export const main: Main<typeof route> = async ({ input, session }) => {
  const receipt = await fileReport(session, input);
  return reply(receipt, { status: receipt.filed ? 201 : 200 });
};

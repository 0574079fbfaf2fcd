/** DELETE /api/iam/refresh-tokens: signs out every other session of the user. */
import type { sessionsRevokeOthers as route } from '../../../shared/contract/auth';
import type { Main } from '../../lib/route-types';
import { assertLive, listSessions, revokeFamily } from '../sessions';

export const main: Main<typeof route> = async ({ session }) => {
  await assertLive(session);
  const others = (await listSessions(session.userId)).filter((s) => s.familyId !== session.familyId);
  for (const s of others) await revokeFamily(s.userId, s.familyId);
  return { revoked: others.length };
};

/** DELETE /api/iam/refresh-tokens/{id}: signs out one session; only its owner may (404 otherwise, so ids do not leak). */
import type { sessionRevoke as route } from '../../../shared/contract/auth';
import { db } from '../../db/service';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { assertLive, revokeFamily } from '../sessions';

export const main: Main<typeof route> = async ({ input, session }) => {
  await assertLive(session);
  const { data } = await db().entities.session.get({ userId: session.userId, familyId: input.id }).go();
  if (!data || data.revokedAt) throw notFound('No such session');
  await revokeFamily(session.userId, input.id);
  return { revoked: 1 };
};

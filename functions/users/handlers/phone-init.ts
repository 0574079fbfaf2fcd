/** POST /api/iam/authn/init-phone-and-check: texts a 6-digit code to the number → { unverifiable, recordId }. Rate limited. */
import type { phoneInit as route } from '../../../shared/contract/users';
import { assertLive } from '../../auth/sessions';
import { assertSelf } from '../../lib/session/live';
import type { Main } from '../../lib/route-types';
import { startPhoneCheck } from '../phone';

export const main: Main<typeof route> = async ({ input, session }) => {
  await assertSelf(session, input.userId);
  await assertLive(session);
  return startPhoneCheck(input.userId, input.phoneNo);
};

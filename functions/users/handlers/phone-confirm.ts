/** PUT /api/iam/authn/confirm-phone-and-record: checks the texted code; the phone is then verified on the account. */
import type { phoneConfirm as route } from '../../../shared/contract/users';
import { assertLive } from '../../auth/sessions';
import { assertSelf } from '../../lib/session/live';
import type { Main } from '../../lib/route-types';
import { confirmPhone } from '../phone';

export const main: Main<typeof route> = async ({ input, session }) => {
  await assertSelf(session, input.userId);
  await assertLive(session);
  await confirmPhone(input.userId, input.phoneNo, input.recordId, input.code);
  return { phone_verified: true };
};

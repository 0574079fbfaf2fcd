/** PUT /api/iam/authn/confirm-phone-and-record: checks the texted code; the phone is then verified on the account. */
import type { phoneConfirmInput } from '../../shared/schemas/identity';
import { assertLive } from '../auth/sessions';
import { assertSelf } from '../lib/middleware/access';
import type { Main } from '../lib/route-types';
import { confirmPhone } from './phone';

export const main: Main<typeof phoneConfirmInput> = async ({ input, session }) => {
  assertSelf(session, input.userId);
  await assertLive(session!);
  await confirmPhone(input.userId, input.phoneNo, input.recordId, input.code);
  return { phone_verified: true };
};

/**
 * POST /api/iam/authn/signup: the same answer, with no session, whether or not the address is
 * known — a new address gets an account and a verification e-mail, a known one an e-mail
 * saying someone tried to sign up.
 */
import type { signupInput } from '../../shared/schemas/identity';
import { db } from '../db/service';
import { badRequest } from '../lib/errors';
import { hitRateLimit } from '../lib/rate-limit';
import type { Main } from '../lib/route-types';
import { createAccount, userIdByEmail } from '../users/users';
import { createEmailToken } from './email-tokens';
import { sendSignupAttempt, sendVerification } from './mails';
import { hashPassword, passwordProblem } from './passwords';

export const main: Main<typeof signupInput> = async ({ input, clientIp }) => {
  await hitRateLimit('SIGNUP_IP', clientIp);
  const problem = passwordProblem(input.password, input.email);
  if (problem) throw badRequest(`password ${problem}`, 'password');

  let invitedBy: string | undefined;
  if (input.invite) {
    const { data: invite } = await db().entities.invite.get({ uuid: input.invite }).go();
    if (!invite || !invite.isValid) throw badRequest('invite is no longer valid; ask for a new link', 'invite');
    invitedBy = invite.inviterId;
  }

  const hash = await hashPassword(input.password);
  if (await userIdByEmail(input.email)) {
    await sendSignupAttempt(input.email);
  } else {
    const user = await createAccount(input.email, hash, invitedBy);
    if (!user) {
      await sendSignupAttempt(input.email); // lost a race with another signup for the same address
    } else {
      if (input.invite) await db().entities.invite.update({ uuid: input.invite }).add({ acceptedCount: 1 }).go();
      await sendVerification(user.email, await createEmailToken('verify-email', user.uuid, user.email));
    }
  }
  return { sent: true };
};

/**
 * POST /api/iam/authn/signup: the same answer, with no session, whether or not the address is
 * known — a new address gets an account and a verification e-mail, a known one an e-mail
 * saying someone tried to sign up (at most one a day). Rate limited per IP (an IPv6 /64).
 */
import type { signup as route } from '../../../shared/contract/auth';
import { rateLimitKey } from '../../db/entities/rate-limit';
import { db } from '../../db/service';
import { takeToday } from '../../lib/daily-count';
import { badRequest } from '../../lib/errors';
import { ipKey } from '../../lib/ip-key';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { createAccount, userIdByEmail } from '../../users/users';
import { createEmailToken } from '../email-tokens';
import { sendSignupAttempt, sendVerification } from '../mails';
import { hashPassword, passwordProblem } from '../passwords';

/** Tells a known address's owner of sign-up attempts, once a UTC day at most: nobody can flood them by signing up again and again. */
async function noticeSignupAttempt(email: string): Promise<void> {
  if ((await takeToday(rateLimitKey('SIGNUP_NOTICE', email), 1)).taken) await sendSignupAttempt(email);
}

export const main: Main<typeof route> = async ({ input, clientIp }) => {
  await hitRateLimit('SIGNUP_IP', ipKey(clientIp));
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
    await noticeSignupAttempt(input.email);
  } else {
    const user = await createAccount(input.email, hash, invitedBy);
    if (!user) {
      await noticeSignupAttempt(input.email); // lost a race with another signup for the same address
    } else {
      if (input.invite) await db().entities.invite.update({ uuid: input.invite }).add({ acceptedCount: 1 }).go();
      await sendVerification(user.email, await createEmailToken('verify-email', user.uuid, user.email));
    }
  }
  return { sent: true };
};

/**
 * POST /api/iam/authn/login: a wrong password and an unknown address answer identically and in
 * about the same time. Works before e-mail verification. Rate limited per IP (an IPv6 /64), per
 * address from one IP, and per account from every address (login-limit.ts).
 */
import type { login as route } from '../../../shared/contract/auth';
import { reply } from '../../lib/http';
import { ipKey } from '../../lib/ip-key';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { getUser, toProfile, userIdByEmail } from '../../users/users';
import { beginLoginTry, loginTryFailed, loginTrySucceeded } from '../login-limit';
import { burnPasswordCheck, verifyPassword } from '../passwords';
import { signInWithPassword, WRONG_CREDENTIALS } from '../sign-in';

export const main: Main<typeof route> = async ({ input, clientIp, event }) => {
  const ip = ipKey(clientIp);
  await hitRateLimit('LOGIN_IP', ip);
  // Per address *and* IP: strangers trying an address from elsewhere cannot lock its owner out.
  await hitRateLimit('LOGIN_EMAIL', [ip, input.email]);
  const userId = await userIdByEmail(input.email);
  const user = userId ? await getUser(userId) : null;
  // Per account from every address (an unknown address is counted alike, so it answers alike).
  const attempt = await beginLoginTry(user?.uuid ?? input.email);
  const ok = user ? await verifyPassword(input.password, user.passwordHash) : await burnPasswordCheck(input.password);
  if (!user || !ok) {
    await loginTryFailed(attempt, ip, user);
    throw WRONG_CREDENTIALS();
  }
  await loginTrySucceeded(attempt);
  const { cookies, session } = await signInWithPassword(user, event.headers['user-agent'] ?? '');
  return reply(toProfile(user, session.csrfToken), { cookies });
};

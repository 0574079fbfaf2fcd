/**
 * POST /api/iam/authn/verifyemailtoken: uses a verification token up and marks the address
 * verified. When the verifying browser is signed in as that user, its access token is re-issued.
 */
import type { verifyEmailToken as route } from '../../shared/contract/auth';
import { HttpError } from '../lib/errors';
import { reply } from '../lib/http';
import type { Main } from '../lib/route-types';
import { accessCookie } from '../lib/session/cookies';
import { familyIsLive } from '../lib/session/live';
import { signAccessToken } from '../lib/session/token';
import { claimsFor, getUser, saveUser } from '../users/users';
import { consumeEmailToken } from './email-tokens';

export const main: Main<typeof route> = async ({ input, session }) => {
  const record = await consumeEmailToken('verify-email', input.token);
  const user = record ? await getUser(record.userId) : null;
  if (!record || !user || user.email !== record.email) {
    throw new HttpError(400, 'invalid_token', 'This link is invalid, used or expired; ask for a new one', 'token');
  }
  const saved = user.emailVerified ? user : await saveUser({ ...user, emailVerified: true });
  // The signed-in browser gets a token with the new state, if its session family is still live.
  const renew = session && session.userId === saved.uuid && (await familyIsLive(session));
  const cookies = renew ? [accessCookie(await signAccessToken(claimsFor(saved, session.familyId, session.csrfToken)))] : [];
  return reply({ verified: true }, { cookies });
};

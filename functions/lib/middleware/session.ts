/**
 * Reads the session from the access-token cookie (no database read for a verified account).
 * Routes that need a signed-in user answer 401 without one; public routes still see a signed-in
 * reader. A token that says its address is not verified is read against its family on every
 * request: whoever holds the mailbox may take such an account over (docs/security.md), and every
 * session from before that is such a token, ended at once rather than within 15 minutes. Few
 * requests pay this read: an account is unverified only between sign-up and the link. The read
 * (`liveSession`) is handed in by the route's entry module, so a route that touches no table
 * carries no database client.
 */
import { ACCESS_COOKIE } from '../../../shared/constants';
import type { AccessLevel } from '../../../shared/api';
import { unauthorized } from '../errors';
import { readCookies } from '../session/cookies';
import { verifyAccessToken, type Session } from '../session/token';
import type { Middleware } from './types';

export function sessionFromCookie(access: AccessLevel, liveSession?: (session: Session) => Promise<boolean>): Middleware {
  return {
    before: async (request) => {
      const { event } = request;
      const token = readCookies(event.cookies, event.headers?.cookie)[ACCESS_COOKIE];
      const verified = token ? await verifyAccessToken(token) : null;
      const live = !verified || verified.emailVerified || (liveSession ? await liveSession(verified) : false);
      const session = verified && live ? verified : null;
      request.context.route.session = session;
      if (!session && access !== 'public') {
        throw unauthorized(!token ? 'Sign in to continue' : verified ? 'Your session has ended; sign in again' : 'Your session has expired; sign in again');
      }
    },
  };
}

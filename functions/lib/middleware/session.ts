/**
 * Reads the session from the access-token cookie (no database read). Routes that need a
 * signed-in user answer 401 without one; public routes still see a signed-in reader.
 */
import { ACCESS_COOKIE } from '../../../shared/constants';
import type { AccessLevel } from '../../../shared/api';
import { unauthorized } from '../errors';
import { readCookies } from '../session/cookies';
import { verifyAccessToken } from '../session/token';
import type { Middleware } from './types';

export function sessionFromCookie(access: AccessLevel): Middleware {
  return {
    before: async (request) => {
      const { event } = request;
      const token = readCookies(event.cookies, event.headers?.cookie)[ACCESS_COOKIE];
      const session = token ? await verifyAccessToken(token) : null;
      request.context.route.session = session;
      if (!session && access !== 'public') throw unauthorized(token ? 'Your session has expired; sign in again' : 'Sign in to continue');
    },
  };
}

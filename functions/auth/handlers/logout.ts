/** POST /api/iam/authn/logout: revokes the refresh token if any and clears the cookies; always 200. */
import type { logout as route } from '../../../shared/contract/auth';
import { REFRESH_COOKIE } from '../../../shared/constants';
import { reply } from '../../lib/http';
import { logger } from '../../lib/logger';
import type { Main } from '../../lib/route-types';
import { clearedSessionCookies, readCookies } from '../../lib/session/cookies';
import { endSession } from '../sessions';

export const main: Main<typeof route> = async ({ event }) => {
  try {
    await endSession(readCookies(event.cookies, event.headers.cookie)[REFRESH_COOKIE]);
  } catch (err) {
    logger.error('could not revoke the session at logout', { error: err as Error });
  }
  return reply({ loggedOut: true }, { cookies: clearedSessionCookies() });
};

/**
 * POST /api/iam/authn/refresh: rotates the refresh token; reuse of a rotated one revokes the
 * family. A refresh that fails clears the session cookies.
 */
import type { refresh as route } from '../../../shared/contract/auth';
import { REFRESH_COOKIE } from '../../../shared/constants';
import { HttpError } from '../../lib/errors';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { clearedSessionCookies, readCookies } from '../../lib/session/cookies';
import { refreshSession } from '../sessions';

export const main: Main<typeof route> = async ({ event }) => {
  try {
    const { cookies } = await refreshSession(readCookies(event.cookies, event.headers.cookie)[REFRESH_COOKIE]);
    return reply({ ok: true }, { cookies });
  } catch (err) {
    if (err instanceof HttpError && err.status === 401) throw err.withCookies(clearedSessionCookies());
    throw err;
  }
};

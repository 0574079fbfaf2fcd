/**
 * POST /api/iam/authn/register: completes registration (needs a verified e-mail): the username
 * (one namespace with page handles, claimed in the same transaction), names in title case,
 * motivations, location with its geohash. The access token is re-issued with the new state.
 */
import type { register as route } from '../../../shared/contract/auth';
import { toTitleCase } from '../../../shared/format';
import { conflict, forbidden, unauthorized } from '../../lib/errors';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { accessCookie } from '../../lib/session/cookies';
import { assertLive, liveFamilyCheck, SESSION_LIVE } from '../../lib/session/live';
import { signAccessToken } from '../../lib/session/token';
import { claimsFor, completeRegistration, getUser, toProfile, withLocation } from '../../users/users';

export const main: Main<typeof route> = async ({ input, session }) => {
  const user = await getUser(session.userId);
  if (!user) throw unauthorized('Your account no longer exists');
  if (!user.emailVerified) throw forbidden('Confirm your e-mail address first');
  if (user.suspended) throw forbidden('Your account is suspended: your profile cannot be changed');
  // A fresh access token is minted below: only for a session family that is still live.
  await assertLive(session);
  if (user.regState === 'complete') throw conflict('Your registration is already complete');
  const saved = await completeRegistration(
    user,
    withLocation(
      {
        username: input.username,
        firstName: toTitleCase(input.first_name),
        lastName: toTitleCase(input.last_name),
        motivations: input.motivations,
        suburbCity: input.suburb_city,
        state: input.state,
        country: input.country,
      },
      input.latitude,
      input.longitude,
    ),
    // A session revoked since the check above (the address's owner took the account over) registers nothing.
    { item: liveFamilyCheck(session), name: SESSION_LIVE, failed: () => unauthorized('Your session has ended; sign in again') },
  );
  const token = await signAccessToken(claimsFor(saved, session.familyId, session.csrfToken));
  return reply(toProfile(saved, session.csrfToken), { cookies: [accessCookie(token)] });
};

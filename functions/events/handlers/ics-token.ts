/** POST /api/iam/events/ics-token: a new private calendar feed address; the previous one stops working. */
import type { icsToken as route } from '../../../shared/contract/events';
import { forbidden } from '../../lib/errors';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { feedUrl, rotateFeedToken } from '../feed-token';

export const main: Main<typeof route> = async ({ session }) => {
  if (session.suspended) throw forbidden('Your account is suspended');
  await hitRateLimit('ICS_TOKEN_USER', session.userId);
  return { url: feedUrl(await rotateFeedToken(session.userId)) };
};

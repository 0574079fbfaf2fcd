/** GET /api/iam/users/user-settings: the caller's settings, the defaults while none are stored. */
import type { userSettings as route } from '../../../shared/contract/users';
import { serviceUnavailable } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { Main } from '../../lib/route-types';
import { feedTokenOf, feedUrl } from '../../events/feed-token';
import { readSettings } from '../settings-store';

export const main: Main<typeof route> = async ({ session }) => {
  try {
    const [settings, token] = await Promise.all([readSettings(session.userId), feedTokenOf(session.userId)]);
    return { ...settings, calendarFeedUrl: token ? feedUrl(token) : null };
  } catch (err) {
    logger.error('Could not load user settings', { error: err as Error, userId: session.userId });
    throw serviceUnavailable('Could not load your settings; try again');
  }
};

/**
 * POST /api/iam/notifications/new-reaction-notif: kept for compatibility, for clients that still
 * ask for the notification after reacting (docs/api.md). The notification was written with the
 * reaction itself, so this only confirms that the reaction is the caller's
 * (404 otherwise) and writes nothing: calling it any number of times yields no new notification.
 */
import type { newReactionNotif as route } from '../../../shared/contract/notifications';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { ownReactionExists } from '../../reactions/reactions';

export const main: Main<typeof route> = async ({ input, session }) => {
  if (!(await ownReactionExists(await viewerOf(session), input.reactionId))) throw notFound('No reaction of yours has this id', 'reactionId');
  return { notified: true };
};

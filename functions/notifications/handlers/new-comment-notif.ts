/**
 * POST /api/iam/notifications/new-comment-notif: kept for compatibility, for clients that still
 * ask for the notification after commenting (docs/api.md). The notification was written with the
 * comment or reply itself, so this only confirms that the comment is the
 * caller's (404 otherwise) and writes nothing: it is idempotent by construction.
 */
import type { newCommentNotif as route } from '../../../shared/contract/notifications';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { ownCommentExists } from '../../comments/comments';
import { viewerOf } from '../../lib/session/viewer';

export const main: Main<typeof route> = async ({ input, session }) => {
  if (!(await ownCommentExists(await viewerOf(session), input.commentId))) throw notFound('No comment of yours has this id', 'commentId');
  return { notified: true };
};

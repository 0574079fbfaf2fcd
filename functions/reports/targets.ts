/**
 * What a report names: the target as its reporter may see it (404 otherwise, so a report tells
 * nothing of what the reporter cannot see), who wrote or owns it, and where it is read from.
 */
import type { ReportTargetType } from '../../shared/schemas/reports';
import { claimOf, commentAt } from '../comments/comments';
import { getEvent, maySee } from '../events/events';
import { notFound } from '../lib/errors';
import type { Session } from '../lib/session/token';
import type { Viewer } from '../lib/session/viewer';
import { conversationFor } from '../messages/conversations';
import { getPage } from '../pages/pages';
import { getPostItem } from '../posts/post-item';
import { canSee } from '../posts/visibility';
import { reviewById } from '../db/items/swap-record';
import { db } from '../db/service';
import { getUser } from '../users/users';

export interface ResolvedTarget {
  /** The member who wrote it (a page's or an event's creator; the member reported). */
  authorId: string;
  /** A comment's post, a message's conversation. */
  parentId?: string;
  /** A comment's path in its thread, a message's send time (ms): the rest of its key. */
  locator?: string;
}

const FIELD = 'target.id';

/** The target if the reporter may see it; 404 naming target.id otherwise. */
export async function resolveTarget(type: ReportTargetType, id: string, viewer: Viewer, session: Session): Promise<ResolvedTarget> {
  const gone = (what: string) => notFound(`There is no such ${what}`, FIELD);
  switch (type) {
    case 'post':
    case 'plant': {
      const post = await getPostItem(id);
      if (!post || post.kind !== type || !canSee(post, viewer)) throw gone(type);
      return { authorId: post.authorId };
    }
    case 'comment': {
      const claim = await claimOf(id);
      const post = claim ? await getPostItem(claim.postId) : null;
      const comment = claim && post && canSee(post, viewer) ? await commentAt(claim.postId, claim.path) : null;
      if (!claim || !comment || (comment.hiddenAt && !viewer.admin)) throw gone('comment');
      return { authorId: comment.authorId, parentId: claim.postId, locator: claim.path };
    }
    case 'user': {
      const user = await getUser(id);
      if (!user || user.deletedAt || !user.username) throw gone('member');
      return { authorId: user.uuid };
    }
    case 'page': {
      const page = await getPage(id);
      if (!page || page.deletedAt || (page.hiddenAt && !viewer.admin)) throw gone('page');
      return { authorId: page.createdBy };
    }
    case 'event': {
      const event = await getEvent(id);
      if (!event || event.deletedAt || !maySee(event, viewer)) throw gone('event');
      return { authorId: event.createdBy };
    }
    case 'message': {
      const { data: claim } = await db().entities.messageClaim.get({ id }).go({ consistent: true });
      if (!claim) throw gone('message');
      // Only a participant may report a message: anyone else is told it does not exist.
      await conversationFor(session, claim.conversationId).catch(() => {
        throw gone('message');
      });
      return { authorId: claim.senderId, parentId: claim.conversationId, locator: claim.sentMs };
    }
    case 'review': {
      // Only a shown review is seen by anyone but its writer (a swap record lists those alone).
      const review = await reviewById(id);
      if (!review?.shownAt || (review.hiddenAt && !viewer.admin)) throw gone('review');
      return { authorId: review.byId, parentId: review.swapId, locator: review.side };
    }
  }
}

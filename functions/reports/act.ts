/**
 * An admin's action on an open report: dismiss it, hide the content (posts, plants, comments, messages, events, pages and swap reviews),
 * or suspend its author through the admin's user update. Every action closes the case (and so
 * every open report of its target), keeping who acted, when, the action and the note.
 */
import type { ActOnReportInput } from '../../shared/schemas/reports';
import { hideCommentItems, hideReplies } from '../comments/comments';
import type { ReportCaseItem } from '../db/entities/report';
import { hideReviewItems, reviewById } from '../db/items/swap-record';
import { failedChecks, writeItems, type TxItem, type TxOutcome } from '../db/transact';
import { badRequest, conflict, serviceUnavailable } from '../lib/errors';
import { hideMessageItems, PREVIEW_CURRENT } from '../messages/admin-hide';
import { removeRetiredPhotos } from '../messages/photos';
import { excerpt, notificationWrite, targetNameOf } from '../notifications/notifications';
import { hideEvent } from '../events/removal';
import { hidePage } from '../pages/write';
import { hidePost } from '../posts/write';
import { CASE_OPEN, closeItems, openCase } from './reports';

const ATTEMPTS = 5;

function assertClosed(out: TxOutcome, items: TxItem[]): void {
  if (!out.canceled) return;
  const failed = failedChecks(out, items);
  // A message sent meanwhile changed an inbox row's preview: read it all again.
  if (failed.has(CASE_OPEN) || failed.has(PREVIEW_CURRENT)) throw new RetryCase();
  throw serviceUnavailable('The content is changing; please try again');
}

/** The case changed meanwhile (another report, another admin): read it again. */
class RetryCase extends Error {}

const HIDEABLE: ReadonlySet<ReportCaseItem['targetType']> = new Set(['post', 'plant', 'comment', 'message', 'event', 'page', 'review']);
const hideable = (type: ReportCaseItem['targetType']) => HIDEABLE.has(type);

async function closeOnce(c: ReportCaseItem, adminId: string, input: ActOnReportInput): Promise<ReportCaseItem> {
  const { closed, items: close } = closeItems(c, adminId, input.action, input.note);
  if (input.action === 'hide-content' && (c.targetType === 'post' || c.targetType === 'plant')) {
    // The author is told in the same write (a post already gone tells nobody).
    const type = c.targetType;
    const { out, items } = await hidePost(c.targetId, adminId, (post) => [...close, ...(post ? notificationWrite(post.authorId, hiddenNotice(type, targetNameOf(post))) : [])]);
    assertClosed(out, items);
    return closed;
  }
  if (input.action === 'hide-content' && c.targetType === 'comment') {
    const hidden = await hideCommentItems(c.targetId, adminId);
    // The comment, its author's notice and the case's close in one write; then its replies, in
    // batches (a long thread does not fit one): a case dismissed meanwhile hides nothing at all.
    const notice = hidden?.items.length ? notificationWrite(hidden.comment.authorId, hiddenNotice('comment', excerpt(hidden.comment.content))) : [];
    const items = [...(hidden?.items ?? []), ...notice, ...close];
    assertClosed(await writeItems(items), items);
    if (hidden) await hideReplies(c.targetId, adminId);
    return closed;
  }
  if (input.action === 'hide-content' && c.targetType === 'message' && c.parentId && c.locator) {
    // The message, its inbox previews, its sender's notice and the case's close in one write.
    const hidden = await hideMessageItems(c.parentId, c.locator, c.targetId, adminId);
    const notice = hidden ? notificationWrite(hidden.message.senderId, hiddenNotice('message', excerpt(hidden.message.content))) : [];
    const items = [...(hidden?.items ?? []), ...notice, ...close];
    assertClosed(await writeItems(items), items);
    if (hidden) await removeRetiredPhotos([hidden.message]);
    return closed;
  }
  if (input.action === 'hide-content' && c.targetType === 'event') {
    // The event, its creator's notice and the case's close in one write (an event already gone tells nobody).
    const { out, items } = await hideEvent(c.targetId, adminId, (event) => [...close, ...(event ? notificationWrite(event.createdBy, hiddenNotice('event', event.title)) : [])]);
    assertClosed(out, items);
    return closed;
  }
  if (input.action === 'hide-content' && c.targetType === 'page') {
    const { out, items } = await hidePage(c.targetId, adminId, (page) => [...close, ...(page ? notificationWrite(page.createdBy, hiddenNotice('page', page.name)) : [])]);
    assertClosed(out, items);
    return closed;
  }
  if (input.action === 'hide-content' && c.targetType === 'review') {
    // The review leaves its subject's record with its counts, its writer is told, the case closes: one write.
    const review = await reviewById(c.targetId);
    const hidden = hideReviewItems(review, adminId);
    const notice = hidden && review ? notificationWrite(review.byId, hiddenNotice('review', excerpt(review.text) || undefined)) : [];
    const items = [...(hidden ?? []), ...notice, ...close];
    const out = await writeItems(items);
    // Hidden meanwhile by another case's close: read it all again.
    if (out.canceled && failedChecks(out, items).has('review-shown')) throw new RetryCase();
    assertClosed(out, items);
    return closed;
  }
  const out = await writeItems(close);
  assertClosed(out, close);
  return closed;
}

function hiddenNotice(type: 'post' | 'plant' | 'comment' | 'message' | 'event' | 'page' | 'review', name: string | undefined) {
  const what = type === 'plant' ? 'plant listing' : type === 'review' ? 'swap review' : type;
  return {
    kind: 'content-hidden' as const,
    text: `An admin hid your ${what}${name ? ` “${name}”` : ''} after a report: nobody else sees it now`,
    ...(name ? { targetName: name } : {}),
  };
}

/**
 * Acts on an open case. `suspend` is the admin user screen's own suspension (the handler hands it
 * in: it ends sessions, which this layer does not reach).
 */
export async function actOnReport(adminId: string, input: ActOnReportInput, suspend: (userId: string) => Promise<void>): Promise<ReportCaseItem> {
  let c = await openCase(input.id);
  if (input.action === 'hide-content' && !hideable(c.targetType)) {
    throw badRequest(`A ${c.targetType === 'user' ? 'member' : c.targetType === 'contact' ? 'contact message' : c.targetType} cannot be hidden: dismiss the report, or suspend its author`, 'action');
  }
  if (input.action === 'suspend-user') {
    if (!c.authorId) throw badRequest('This report names no member to suspend', 'action');
    await suspend(c.authorId);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await closeOnce(c, adminId, input);
    } catch (err) {
      if (!(err instanceof RetryCase)) throw err;
      if (attempt >= ATTEMPTS) throw serviceUnavailable('Reports are arriving for this content; please try again');
      c = await openCase(input.id).catch((e: unknown) => {
        throw e instanceof Error && 'status' in e && (e as { status: number }).status === 409 ? conflict('Another admin closed this report meanwhile', 'id') : e;
      });
    }
  }
}

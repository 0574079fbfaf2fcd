/** Contact and report forms: stored once per client id, put in the moderation queue, then the admins are told by e-mail. */
import type { NewFormInput } from '../../shared/schemas/forms';
import { db } from '../db/service';
import type { FormSubmissionItem } from '../db/entities/form-submission';
import { adminEmails } from '../lib/admins';
import { conflict } from '../lib/errors';
import { logger } from '../lib/logger';
import { mailer } from '../lib/outbound/mailer';
import { isConditionFailure, txEntities, writeItems } from '../db/transact';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { REPORT_TEXT_MAX, type ReportTargetType } from '../../shared/schemas/reports';
import { isValidHandle, normaliseHandle } from '../../shared/validation';
import { eventIdByRandomId } from '../events/events';
import { HttpError } from '../lib/errors';
import type { Session } from '../lib/session/token';
import { viewerOf } from '../lib/session/viewer';
import { fileInCase } from '../reports/reports';
import { resolveTarget } from '../reports/targets';
import { handleOwner } from '../users/users';

/**
 * Creates the submission, with the proof that its author's account still exists, in one
 * transaction; a retry with the same id by the same author returns the first one.
 */
export async function submitForm(authorId: string, input: NewFormInput): Promise<{ item: FormSubmissionItem; created: boolean }> {
  const forms = db().entities.formSubmission;
  const item: FormSubmissionItem = { ...input, authorId, createdAt: new Date().toISOString() };
  const items = [txEntities().formSubmission.create(item).commit(), authorLiveCheck(authorId)];
  const out = await writeItems(items);
  if (!out.canceled) return { item, created: true };
  await assertAuthorWasLive(out, items, authorId);
  const { data: existing } = await forms.get({ id: input.id }).go({ consistent: true });
  if (existing && existing.authorId === authorId) return { item: existing, created: false };
  throw conflict('This id is already used; generate a new one', 'id');
}

/** Whether a form with this id is already the author's (a retry). */
export async function isOwnForm(id: string, authorId: string): Promise<boolean> {
  const { data } = await db().entities.formSubmission.get({ id }).go({ consistent: true });
  return data?.authorId === authorId;
}

/** How long a claim to tell the admins holds: longer than any call lasts, so a crashed call's claim lapses. */
export const TELLING_LEASE_MS = 2 * 60_000;

/**
 * Claims the telling of a form not told yet, with a conditional write: of parallel retries of one
 * form only one mails the admins. A claim older than the lease (its call died before marking the
 * form told) may be taken again.
 */
export async function claimTelling(id: string): Promise<string | null> {
  const now = Date.now();
  const lapsed = new Date(now - TELLING_LEASE_MS).toISOString();
  const claim = new Date(now).toISOString();
  try {
    await db().entities.formSubmission.patch({ id }).set({ tellingAt: claim })
      .where((a, op) => `${op.notExists(a.toldAt)} AND (${op.notExists(a.tellingAt)} OR ${op.lt(a.tellingAt, lapsed)})`)
      .go();
    return claim;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** Lets go of a claim whose telling failed, so that a retry tells the admins at once rather than after the lease. */
export async function releaseTelling(id: string, claim: string): Promise<void> {
  try {
    await db().entities.formSubmission.patch({ id }).remove(['tellingAt']).where((a, op) => op.eq(a.tellingAt, claim)).go();
  } catch (err) {
    // Taken over meanwhile (the lease lapsed), or the store is failing too: the lease frees it in time.
    logger.warn('could not release a form\'s telling claim', { error: err as Error, formId: id });
  }
}

/**
 * Tells the admins of a stored form once: the call that claims the telling mails them and marks
 * the form told (releasing its claim should that fail). A call that finds the telling claimed by
 * another call in flight is told to come back: 503 with Retry-After, so that a retry learns
 * whether it landed, and takes it over should the other call have died (after the lease).
 */
export async function tellOnce(item: FormSubmissionItem): Promise<void> {
  if (item.toldAt) return;
  const claim = await claimTelling(item.id);
  if (!claim) {
    const { data } = await db().entities.formSubmission.get({ id: item.id }).go({ consistent: true });
    if (data?.toldAt) return;
    throw new HttpError(503, 'unavailable', 'Your form is stored, and the admins are being told of it; try again in a moment', undefined, { 'retry-after': String(TELLING_RETRY_SECONDS) });
  }
  try {
    await tellAdmins(item);
    await markTold(item.id);
  } catch (err) {
    await releaseTelling(item.id, claim);
    throw err;
  }
}

/** When a call that found the telling claimed is asked to come back: the claiming call takes a few seconds. */
export const TELLING_RETRY_SECONDS = 5;

/** Marks the form as told to the admins (after the mails: a crash between them mails again on a retry, never not at all). */
export async function markTold(id: string): Promise<void> {
  await db().entities.formSubmission.patch({ id }).set({ toldAt: new Date().toISOString() }).go();
}

export async function tellAdmins(item: FormSubmissionItem): Promise<void> {
  const admins = adminEmails();
  if (!admins.length) return;
  const about = item.targetPath ? `\nAbout: ${item.targetPath}` : '';
  const text = `A ${item.kind} form from user ${item.authorId}${about}\n\n${item.message}`;
  for (const to of admins) {
    try {
      await mailer().send({ to, subject: `[${item.kind}] ${item.subject}`, text });
    } catch (err) {
      // The submission is stored; a failed notice must not lose it or fail the call.
      logger.error('could not e-mail an admin about a form', { error: err as Error, formId: item.id });
    }
  }
}

/** What a report form's path names, when it is a page of something reportable: `/post/<id>`, `/plant/<id>`, `/event/<randomId>`, `/<handle>`. */
async function targetOfPath(path: string): Promise<{ type: ReportTargetType; id: string } | null> {
  const parts = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  if (parts.length === 2 && (parts[0] === 'post' || parts[0] === 'plant') && uuid.test(parts[1]!)) return { type: parts[0], id: parts[1]! };
  if (parts.length === 2 && parts[0] === 'event') {
    const id = await eventIdByRandomId(parts[1]!).catch(() => null);
    return id ? { type: 'event', id } : null;
  }
  if (parts.length === 1 && isValidHandle(parts[0]!)) {
    const owner = await handleOwner(normaliseHandle(parts[0]!));
    return owner ? { type: owner.ownerType, id: owner.ownerId } : null;
  }
  return null;
}

/**
 * Puts a form in the moderation queue: a report form whose path names something its author can
 * see (and did not write) as a report of it, anything else as a contact item of its own.
 */
export async function queueForm(session: Session, item: FormSubmissionItem): Promise<void> {
  const text = `${item.subject}\n\n${item.message}`.slice(0, REPORT_TEXT_MAX);
  const named = item.kind === 'report' && item.targetPath ? await targetOfPath(item.targetPath) : null;
  if (named) {
    const viewer = await viewerOf(session);
    const target = await resolveTarget(named.type, named.id, viewer, session).catch((err: unknown) => {
      if (err instanceof HttpError && err.status === 404) return null;
      throw err;
    });
    if (target && target.authorId !== session.userId) {
      await fileInCase(session.userId, { targetType: named.type, targetId: named.id, target, reason: 'other', text });
      return;
    }
  }
  await fileInCase(session.userId, { targetType: 'contact', targetId: item.id, target: { authorId: session.userId }, reason: 'other', text });
}

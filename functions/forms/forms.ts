/** Contact and report forms: stored once per client id, then the admins are told by e-mail. */
import type { NewFormInput } from '../../shared/schemas/forms';
import { db } from '../db/service';
import type { FormSubmissionItem } from '../db/entities/form-submission';
import { adminEmails } from '../lib/admins';
import { conflict } from '../lib/errors';
import { logger } from '../lib/logger';
import { mailer } from '../lib/outbound/mailer';
import { txEntities, writeItems } from '../db/transact';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';

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

/** Contact and report forms that members send to the site's admins. */
import * as z from 'zod/mini';
import { clientId, nameText, text } from './common';
import './locale';

export const FORM_KINDS = ['contact', 'report'] as const;

/** The limits of each form's fields, as the form validates them (GET /api/iam/forms/validate says them to the client). */
export const FORM_FIELD_LIMITS = { subject: { min: 1, max: 120 }, message: { min: 1, max: 5000 }, targetPath: { max: 300 } } as const;

export const newFormInput = z
  .strictObject({
    id: clientId,
    kind: z.enum(FORM_KINDS, { message: `must be one of ${FORM_KINDS.join(', ')}` }),
    subject: nameText(FORM_FIELD_LIMITS.subject.min, FORM_FIELD_LIMITS.subject.max),
    message: text(FORM_FIELD_LIMITS.message.min, FORM_FIELD_LIMITS.message.max),
    /** For a report: the path of what is reported, e.g. /post/abc. */
    targetPath: z.optional(
      z
        .string({ message: 'must be text' })
        .check(
          z.maxLength(FORM_FIELD_LIMITS.targetPath.max, { message: `must be at most ${FORM_FIELD_LIMITS.targetPath.max} characters` }),
          z.regex(/^\/[A-Za-z0-9/_\-.~%]*$/, { message: 'must be a path on this site starting with /' }),
        ),
    ),
  })
  .check(
    z.refine((f) => f.kind !== 'report' || f.targetPath !== undefined, {
      message: 'is required for a report',
      path: ['targetPath'],
    }),
  );
export type NewFormInput = z.infer<typeof newFormInput>;

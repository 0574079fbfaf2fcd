/** Contact and report forms that members send to the site's admins. */
import * as z from 'zod/mini';
import { clientId, nameText, text } from './common';
import './locale';

export const FORM_KINDS = ['contact', 'report'] as const;

export const newFormInput = z
  .strictObject({
    id: clientId,
    kind: z.enum(FORM_KINDS, { message: `must be one of ${FORM_KINDS.join(', ')}` }),
    subject: nameText(1, 120),
    message: text(1, 5000),
    /** For a report: the path of what is reported, e.g. /post/abc. */
    targetPath: z.optional(
      z
        .string({ message: 'must be text' })
        .check(
          z.maxLength(300, { message: 'must be at most 300 characters' }),
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

/** Reports of content or members to the site's admins, and the admins' actions on them. */
import * as z from 'zod/mini';
import { choices, cursor, text, uuid } from './common';
import './locale';

export const REPORT_TARGET_TYPES = ['post', 'comment', 'plant', 'user', 'page', 'event', 'message', 'review'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['spam', 'abuse', 'unsafe', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_ACTIONS = ['dismiss', 'hide-content', 'suspend-user'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_STATES = ['open', 'closed'] as const;

/** How long a reporter's words and an admin's note may be. */
export const REPORT_TEXT_MAX = 1000;
export const REPORT_NOTE_MAX = 1000;

export const newReportInput = z.strictObject({
  target: z.strictObject({
    type: z.enum(REPORT_TARGET_TYPES, { message: `must be one of ${choices(REPORT_TARGET_TYPES)}` }),
    id: uuid,
  }, { message: 'must be an object { type, id }' }),
  reason: z.enum(REPORT_REASONS, { message: `must be one of ${choices(REPORT_REASONS)}` }),
  /** What is wrong, in the reporter's words (optional). */
  text: z._default(text(0, REPORT_TEXT_MAX), ''),
});
export type NewReportInput = z.infer<typeof newReportInput>;

export const reportsListInput = z.strictObject({
  state: z.enum(REPORT_STATES, { message: `must be one of ${choices(REPORT_STATES)}` }),
  cursorId: z.optional(cursor),
});

export const actOnReportInput = z.strictObject({
  id: uuid,
  action: z.enum(REPORT_ACTIONS, { message: `must be one of ${choices(REPORT_ACTIONS)}` }),
  note: z._default(text(0, REPORT_NOTE_MAX), ''),
});
export type ActOnReportInput = z.infer<typeof actOnReportInput>;

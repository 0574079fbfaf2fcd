/** What the reports routes answer (the `data` of the success envelope). */
import * as z from 'zod';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_TARGET_TYPES } from '../schemas/reports';

/** A member's report as filed: the case it joined, and whether this call filed it. */
export const reportReceipt = z.strictObject({
  caseId: z.string().describe('The case the report joined (one per target while open)'),
  filed: z.boolean().describe('false when this member had already reported the target: nothing changed'),
});
export type ReportReceipt = z.output<typeof reportReceipt>;

const person = z.strictObject({
  id: z.string(),
  handle: z.string().nullable().describe('null for a former member'),
  name: z.string(),
});

/** The reported content shown in place, as it is now. */
export const reportPreview = z.strictObject({
  text: z.string().nullable(),
  photo: z.string().nullable().describe('The object key of its first photo (its small rendition when there is one)'),
  author: person.nullable(),
  link: z.string().nullable().describe('Where it is on the site; null when it is gone or has no page of its own'),
  state: z.enum(['live', 'hidden', 'gone']).describe('hidden: taken down by an admin; gone: deleted'),
  photoUrls: z.array(z.string()).optional().describe('A reported message\'s photos, shown: presigned GETs for the admin deciding (at least 15 minutes)'),
});

export const reportCaseView = z.strictObject({
  id: z.string(),
  state: z.enum(['open', 'closed']),
  target: z.strictObject({ type: z.enum([...REPORT_TARGET_TYPES, 'contact']), id: z.string() }),
  preview: reportPreview,
  reporterCount: z.number().int(),
  reasons: z.strictObject(Object.fromEntries(REPORT_REASONS.map((r) => [r, z.number().int()])) as Record<(typeof REPORT_REASONS)[number], z.ZodNumber>),
  texts: z.array(z.strictObject({ reason: z.enum(REPORT_REASONS), text: z.string(), at: z.string() })).describe('The first reporters\' words'),
  openedAt: z.string(),
  lastReportAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: person.nullable(),
  action: z.enum(REPORT_ACTIONS).nullable(),
  note: z.string().nullable(),
  replyTo: z.string().nullable().describe('A contact form\'s author\'s e-mail address, to answer them (null for a report, or when the account is gone)'),
});
export type ReportCaseView = z.output<typeof reportCaseView>;

export const reportCasePage = z.strictObject({
  reports: z.array(reportCaseView),
  cursorId: z.string().nullable().describe('Pass it back as cursorId for the next page; null on the last page'),
});
export type ReportCasePage = z.output<typeof reportCasePage>;

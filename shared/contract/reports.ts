/** The reports routes' contract. */
import { reportCasePage, reportCaseView, reportReceipt } from '../answers/reports';
import { actOnReportInput, newReportInput, reportsListInput } from '../schemas/reports';
import { defineRoute } from './route';

export const newReport = defineRoute({
  method: 'POST', path: '/api/iam/reports/new', access: 'registered', status: 201, idempotent: true,
  input: newReportInput, output: reportReceipt,
  errors: { 404: 'the target does not exist or the caller may not see it', 429: 'past the report limit' },
  summary: 'Report a post, comment, plant, member, page, event or message to the admins ({ target: { type, id }, reason, text }). Reporting the same target again answers 200 with filed: false; you cannot report yourself or what you wrote (400).',
});

export const listReports = defineRoute({
  method: 'GET', path: '/api/iam/admin/reports/{state}', access: 'admin',
  input: reportsListInput, output: reportCasePage,
  summary: 'The moderation queue: open reports oldest first, or closed ones newest first, cursor paged, each with the reported content as it is now, how many reported it and why.',
});

export const actOnReport = defineRoute({
  method: 'PUT', path: '/api/iam/admin/reports/{id}', access: 'admin',
  input: actOnReportInput, output: reportCaseView,
  errors: { 404: 'no such report', 409: 'the report is already closed' },
  summary: 'Act on an open report: dismiss, hide-content (a post, plant, comment, message, event or page leaves every list and answers 404 but to admins and its author (a page: its staff); its author is told; a member is suspended instead, 400) or suspend-user (as the admin user screen does), with a note. The report closes with who acted, when, the action and the note.',
});

/** Your data: an export of everything a member owns, as a zip kept 7 days. */
import { exportView } from '../answers/data-export';
import { noInput } from '../schemas/common';
import { defineRoute } from './route';

export const newExport = defineRoute({
  method: 'POST', path: '/api/iam/export/new', access: 'user', status: 202,
  input: noInput, output: exportView,
  errors: { 429: 'one export a day: Retry-After says when the next may start (after a failed one, at once, three starts a day in all)', 503: 'the export could not be started' },
  summary: 'Starts an export of everything the member owns (profile, settings, posts, plants, comments, reactions, their own messages, events, attendance, swaps, reviews, wanted entries, blocks, as JSON with a README, and their photos) → 202 { state: "pending" }. Poll export/latest.',
});

export const latestExport = defineRoute({
  method: 'GET', path: '/api/iam/export/latest', access: 'user',
  input: noInput, output: exportView,
  summary: 'The latest export: { state: none | pending | running | ready | failed, progress?, url? }. Once ready, `url` is a fresh presigned link working 15 minutes; the archive is kept 7 days.',
});

/** What the data export routes answer. */
import * as z from 'zod';

export const exportView = z.strictObject({
  state: z.enum(['none', 'pending', 'running', 'ready', 'failed']).describe('none: no export, or its archive is past its 7 days; a run that stopped moving reads failed'),
  progress: z.number().min(0).max(1).optional().describe('0–1, while pending or running'),
  url: z.string().optional().describe('Once ready: a presigned link to the zip, working 15 minutes from this answer (ask again for a fresh one)'),
  urlExpiresAt: z.string().optional().describe('When `url` stops working'),
  requestedAt: z.string().optional(),
  readyAt: z.string().optional(),
  expiresAt: z.string().optional().describe('When the archive is deleted (7 days after it was made)'),
  bytes: z.number().int().optional().describe('The archive\'s size'),
  missingPhotos: z.number().int().optional().describe('Photos that could not be read, named in the archive\'s README'),
  nextAllowedAt: z.string().optional().describe('When another export may start (one a day; at once after a failure)'),
});
export type ExportView = z.output<typeof exportView>;

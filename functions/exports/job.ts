/**
 * The export job (infra/aws/jobs.ts `ROUTE_JOBS`): invoked asynchronously by POST
 * /api/iam/export/new with the member and the export to write. Lambda does not retry it; a
 * failed run marks the export failed, and the member may start another at once.
 */
import { logger } from '../lib/logger';
import { runExport, type ExportRun } from './archive';

export async function handler(event: { userId?: unknown; exportId?: unknown }): Promise<{ outcome: ExportRun }> {
  if (typeof event?.userId !== 'string' || typeof event.exportId !== 'string') throw new Error('an export job needs { userId, exportId }');
  const outcome = await runExport(event.userId, event.exportId);
  logger.info('export job done', { userId: event.userId, outcome });
  return { outcome };
}

/**
 * The announcements' scheduled job (every minute in the cloud: an EventBridge rule invokes this
 * Lambda; locally the host polls every 2 s): mails the running announcement batch by batch
 * (functions/mail/announcements.ts). Stops taking new batches 10 s before the Lambda's timeout;
 * the next run goes on from the job item's cursor.
 */
import type { Context, ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { runAnnouncements } from './announcements';

const SAFETY_MS = 10_000;

export async function handler(_event: ScheduledEvent, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<{ sent: number }> {
  const deadlineMs = Date.now() + Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MS);
  const out = await runAnnouncements({ deadlineMs });
  if (out.sent) logger.info('announcement e-mails sent', out);
  return out;
}

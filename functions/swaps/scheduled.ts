/**
 * The swaps' scheduled job (hourly in the cloud: an EventBridge rule invokes this Lambda; every
 * 10 minutes on the local host): closes the review windows due, showing each lone review with its
 * subject's record counts. Stops taking new windows a minute before the Lambda's timeout; what is
 * left waits for the next run.
 */
import type { Context, ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { closeReviewWindows } from './reviews';

const SAFETY_MS = 60_000;

export async function handler(_event: ScheduledEvent, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<{ closed: number; shown: number }> {
  const deadlineMs = Date.now() + Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MS);
  const result = await closeReviewWindows({ deadlineMs });
  logger.info('swap review windows closed', result);
  return result;
}

/**
 * The scheduled job that removes unused photo uploads (hourly in the cloud: an EventBridge rule
 * invokes this Lambda; every 10 minutes on the local host). Stops taking new pages a minute
 * before the Lambda's timeout; what is left waits for the next run.
 */
import type { Context, ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { removeSweptMessagePhoto } from '../lib/private-objects';
import { sweepExpiredUploads } from './pending';

const SAFETY_MS = 60_000;

export async function handler(_event: ScheduledEvent, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<{ removed: number }> {
  const deadlineMs = Date.now() + Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MS);
  const result = await sweepExpiredUploads(Date.now(), { deadlineMs }, removeSweptMessagePhoto);
  logger.info('unused uploads sweep finished', result);
  return result;
}

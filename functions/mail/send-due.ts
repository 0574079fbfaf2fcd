/**
 * The notification e-mails' scheduled job (every minute in the cloud: an EventBridge rule invokes
 * this Lambda; locally the host polls every 2 s): sends what has waited long enough unread
 * (functions/mail/notify-mail.ts). Stops taking new items 10 s before the Lambda's timeout; what
 * is left is still due on the next run.
 */
import type { Context, ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { sendDueMail } from './notify-mail';

const SAFETY_MS = 10_000;

export async function handler(_event: ScheduledEvent, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<{ due: number; mailed: number }> {
  const deadlineMs = Date.now() + Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MS);
  const out = await sendDueMail({ deadlineMs });
  if (out.due) logger.info('notification e-mails sent', out);
  return out;
}

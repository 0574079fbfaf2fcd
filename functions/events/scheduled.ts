/**
 * The events' scheduled job (hourly in the cloud: an EventBridge rule invokes this Lambda; on a
 * timer on the local host): extends series and sends reminders (functions/events/series.ts), and
 * finishes the work requests left (E9: a large date's change, waiting members to move up, the
 * dates of an event whose privacy or place changed).
 * Stops taking new work a minute before the Lambda's timeout; what is left waits for the next run.
 */
import type { Context, ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { resumePromotions } from './attend';
import { resumeDateWork } from './catch-up';
import { extendSeries, sendReminders } from './series';
import { resumeFollows } from './changes';

const SAFETY_MS = 60_000;
/** Attendees one run brings up to date per changed date, so one huge date cannot take every run. */
const PER_DATE = 500;

export async function handler(_event: ScheduledEvent, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<{ series: number; dates: number; reminded: number }> {
  const deadlineMs = Date.now() + Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MS);
  const series = await extendSeries({ deadlineMs });
  const reminders = await sendReminders({ deadlineMs });
  // The attendee work shares what time is left: half for changed dates, then the waiting members' promotions.
  const half = Date.now() + Math.max(0, deadlineMs - Date.now()) / 2;
  const work = {
    datesCaughtUp: await resumeDateWork({ deadlineMs: half, batch: PER_DATE }),
    eventsPromoted: await resumePromotions({ deadlineMs }),
    eventsFollowed: await resumeFollows({ deadlineMs }),
  };
  logger.info('event schedule finished', { ...series, ...reminders, ...work });
  return { series: series.series, dates: series.dates, reminded: reminders.reminded };
}

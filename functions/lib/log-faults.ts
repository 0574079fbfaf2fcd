/**
 * Logs a route's own message when its work fails by fault, with what the work was about (the
 * user, the page, the post...), then lets the error go on to its 500. A refusal the route answers
 * (an HttpError: 4xx) and a busy table (DataBusyError: 503, retried by the client) are answers,
 * not faults, and are not logged here.
 */
import { DataBusyError } from '../db/errors';
import { isServiceUnavailable } from '../db/aws-calls';
import { HttpError } from './errors';
import { logger, type LogFields } from './logger';

export function isFault(err: unknown): boolean {
  return !(err instanceof HttpError) && !(err instanceof DataBusyError) && !isServiceUnavailable(err);
}

export async function logFaults<T>(message: string, fields: LogFields, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isFault(err)) logger.error(message, { ...fields, error: err as Error });
    throw err;
  }
}

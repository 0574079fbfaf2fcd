/**
 * Maps every error to the envelope: HttpError keeps its status, code, message and field; the data
 * layer's DataBusyError, and DynamoDB or S3 out of reach or busy after the SDK's retries
 * (functions/db/aws-calls.ts), are a 503 with Retry-After (the latter logged as a warning);
 * anything else is logged and answered as a plain 500 with no internals.
 */
import { DataBusyError } from '../../db/errors';
import { failure } from '../http';
import { HttpError, serviceUnavailable } from '../errors';
import { logger } from '../logger';
import { isServiceUnavailable } from '../../db/aws-calls';
import type { Middleware } from './types';

export function errorEnvelope(): Middleware {
  return {
    onError: (request) => {
      let err = request.error;
      if (err instanceof DataBusyError) err = serviceUnavailable(err.message);
      else if (isServiceUnavailable(err)) {
        logger.warn('a service is out of reach or busy', { error: err as Error });
        err = serviceUnavailable('The site is busy or unwell; please try again shortly');
      }
      if (err instanceof HttpError) {
        request.response = failure(
          err.status,
          { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) },
          err.headers,
          err.cookies,
        );
        return;
      }
      logger.error('unhandled error', { error: err as Error });
      request.response = failure(500, { code: 'internal', message: 'Something went wrong on our side; please try again' });
    },
  };
}

/**
 * Maps every error to the envelope: HttpError keeps its status, code, message and field; the data
 * layer's DataBusyError is a 503 with Retry-After; anything else is logged and answered as a
 * plain 500 with no internals.
 */
import { DataBusyError } from '../../db/errors';
import { failure } from '../http';
import { HttpError, serviceUnavailable } from '../errors';
import { logger } from '../logger';
import type { Middleware } from './types';

export function errorEnvelope(): Middleware {
  return {
    onError: (request) => {
      const err = request.error instanceof DataBusyError ? serviceUnavailable(request.error.message) : request.error;
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

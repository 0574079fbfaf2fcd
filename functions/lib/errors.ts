/**
 * Errors a handler throws for what the caller did wrong. Anything that is not an HttpError
 * becomes a generic 500 without internals (see middleware/errors.ts).
 */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    /** Cookies to set with the error (e.g. clearing a session that has ended). */
    readonly cookies: string[] = [],
  ) {
    super(message);
    this.name = 'HttpError';
  }

  withCookies(cookies: string[]): HttpError {
    return new HttpError(this.status, this.code, this.message, this.field, this.headers, cookies);
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, field ? 'invalid_input' : 'bad_request', message, field);
export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You may not do this') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found', field?: string) => new HttpError(404, 'not_found', message, field);
export const conflict = (message: string, field?: string) => new HttpError(409, 'conflict', message, field);
export const payloadTooLarge = (message: string) => new HttpError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message: string) => new HttpError(415, 'unsupported_media_type', message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_requests', 'Too many attempts; try again later', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const serviceUnavailable = (message = 'Busy; try again shortly') =>
  new HttpError(503, 'unavailable', message, undefined, { 'retry-after': '1' });

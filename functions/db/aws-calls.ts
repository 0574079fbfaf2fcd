/**
 * How long a handler waits on DynamoDB and S3, and what it answers when they do not come. A call
 * gets `CALL_TIMEOUTS.connectionMs` to connect and `requestMs` for its answer, and is tried
 * `attempts` times (the SDK's standard retries, with backoff), so a table or bucket that stops
 * answering costs a call at most about attempts × (connection + request) ≈ 4.8 s: a request
 * answers 503 well within its Lambda's 10 s, never a hang until the timeout kills it (which API
 * Gateway turns into a bare 503 without our envelope, and which leaves no log of why).
 * `AWS_CALL_TIMEOUT_MS` raises the request timeout on a host whose emulators are slow under load.
 */
export const CALL_TIMEOUTS = { connectionMs: 600, requestMs: 1000, attempts: 3 } as const;

/** The SDK client options that apply CALL_TIMEOUTS. */
export function callOptions(): { maxAttempts: number; requestHandler: { connectionTimeout: number; requestTimeout: number; throwOnRequestTimeout: true } } {
  const requestMs = Number(process.env.AWS_CALL_TIMEOUT_MS) || CALL_TIMEOUTS.requestMs;
  return { maxAttempts: CALL_TIMEOUTS.attempts, requestHandler: { connectionTimeout: CALL_TIMEOUTS.connectionMs, requestTimeout: requestMs, throwOnRequestTimeout: true } };
}

/** Network failures: nothing answered (refused, reset, timed out). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);
/** The services' own "busy, try again" answers. */
const BUSY_NAMES = new Set([
  'TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'ThrottlingException', 'ProvisionedThroughputExceededException',
  'RequestLimitExceeded', 'InternalServerError', 'InternalError', 'ServiceUnavailable', 'SlowDown',
]);

/**
 * Whether an error from an AWS SDK call means the service was out of reach or busy (after the
 * SDK's own retries): the request may succeed if tried again shortly, so it is a 503 with
 * Retry-After, not a 500.
 */
export function isServiceUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  // Several calls side by side, some of which gave up (functions/images/pending.ts `throwFailures`).
  if (err instanceof AggregateError) return err.errors.some(isServiceUnavailable);
  const e = err as Error & { code?: string; $metadata?: { httpStatusCode?: number }; cause?: unknown };
  // Only what an SDK call threw: its retries put `$metadata` on the error they give up with (a
  // quota of another service, or our own code's timeout, is not the table being out of reach).
  if (typeof e.$metadata !== 'object' || e.$metadata === null) return e.cause !== undefined && e.cause !== err && isServiceUnavailable(e.cause);
  if (BUSY_NAMES.has(e.name)) return true;
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  const status = e.$metadata?.httpStatusCode;
  if (status !== undefined && status >= 500) return true;
  return e.cause !== undefined && e.cause !== err && isServiceUnavailable(e.cause);
}

/**
 * Structured JSON logs, one line per entry: level, message, timestamp, service and the fields
 * given (an Error becomes its name, message and stack). LOG_LEVEL (DEBUG, INFO, WARN, ERROR,
 * CRITICAL or SILENT; default INFO) sets the lowest level written. Every route logs each request,
 * so this is a few lines of our own rather than a logging library in every bundle.
 *
 * Within a request (`withLogContext`, run by the request-log middleware), every line also carries
 * the request's id (API Gateway's, also sent to the client as `x-request-id`) and whether the
 * request met a cold start: kept in AsyncLocalStorage, so requests handled at once in one process
 * (the local host) never mix them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const LEVELS = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40, CRITICAL: 50, SILENT: 60 } as const;
type Level = keyof typeof LEVELS;
export type LogFields = Record<string, unknown>;

function threshold(): number {
  const name = (process.env.LOG_LEVEL ?? 'INFO').toUpperCase();
  return name in LEVELS ? LEVELS[name as Level] : LEVELS.INFO;
}

function plain(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack, ...(value.cause !== undefined ? { cause: plain(value.cause) } : {}) };
  return value;
}

/** What every line of one request carries. */
export interface LogContext {
  requestId: string;
  coldStart: boolean;
}

const context = new AsyncLocalStorage<LogContext>();

/** Runs `work` with every log line it writes carrying `ctx`. */
export function withLogContext<T>(ctx: LogContext, work: () => T): T {
  return context.run(ctx, work);
}

/** The context of the request being handled, if any. */
export const logContext = (): LogContext | undefined => context.getStore();

function write(level: Level, message: string, fields: LogFields = {}): void {
  if (LEVELS[level] < threshold()) return;
  const entry: LogFields = { level, message, timestamp: new Date().toISOString(), service: process.env.SERVICE_NAME ?? 'leafline', ...context.getStore() };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) entry[key] = plain(value);
  const line = JSON.stringify(entry);
  if (LEVELS[level] >= LEVELS.ERROR) console.error(line);
  else console.log(line);
}

export const logger = {
  debug: (message: string, fields?: LogFields) => write('DEBUG', message, fields),
  info: (message: string, fields?: LogFields) => write('INFO', message, fields),
  warn: (message: string, fields?: LogFields) => write('WARN', message, fields),
  error: (message: string, fields?: LogFields) => write('ERROR', message, fields),
  critical: (message: string, fields?: LogFields) => write('CRITICAL', message, fields),
};

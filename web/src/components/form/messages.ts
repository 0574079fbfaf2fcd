/**
 * Turning validation failures into what a person reads: the shared zod schemas' issues (client
 * side) and the API's `{code, message, field}` (server side), each placed beside its field when
 * the form has that field, and in the form's alert otherwise.
 */
import { ApiError } from '@/lib/api';

/** Field name → message. */
export type FieldErrors = Record<string, string>;
/** Field name (as the API and the schema name it) → its label in the form. */
export type Labels = Record<string, string>;

/** `motivations.0` → `motivations`: errors inside a field belong to the field. */
export const baseField = (path: string) => path.split('.')[0] ?? path;

/** "password must be…" from the server → "Password must be…" with the form's label. */
export function labelServerMessage(field: string, message: string, label: string): string {
  const lower = message.toLowerCase();
  for (const prefix of [field, baseField(field)]) {
    if (lower.startsWith(`${prefix.toLowerCase()} `)) return `${label}${message.slice(prefix.length)}`;
  }
  return message;
}

/** "in 45 seconds", "in 3 minutes", "in about 2 hours". */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hour${hours === 1 ? '' : 's'}`;
}

export const GENERIC_FAILURE = 'Something went wrong on our side. Please try again in a moment.';

/** The message of any failure, for an alert: the server's own words, with the wait of a 429. */
export function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return GENERIC_FAILURE;
  if (error.status === 429) {
    const base = error.message || 'Too many attempts.';
    const wait = error.retryAfterSeconds;
    return wait ? `${base.replace(/\.?$/, '.')} You can try again in ${formatWait(wait)}.` : base;
  }
  if (error.status >= 500 && error.code === 'server_error') return GENERIC_FAILURE;
  return error.message || GENERIC_FAILURE;
}

/** Where a server failure goes: beside the named field when the form has it, else the alert. */
export function describeFailure(error: unknown, labels: Labels): { fields: FieldErrors; alert: string | null } {
  if (error instanceof ApiError && error.field) {
    const key = baseField(error.field);
    const label = labels[key];
    if (label) return { fields: { [key]: labelServerMessage(error.field, error.message, label) }, alert: null };
  }
  return { fields: {}, alert: failureMessage(error) };
}

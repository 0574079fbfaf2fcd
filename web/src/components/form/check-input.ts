/**
 * Checking a form's input against a shared zod schema, client side. Apart from the other form
 * messages (messages.ts) so that screens without a form do not load zod.
 */
import * as z from 'zod/mini';
import { baseField, type FieldErrors, type Labels } from './messages';

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Runs a shared schema over the form's input. Messages read "<Label> <rule>", e.g. "Password must
 * be at least 8 characters"; an empty required field reads "<Label> is required". The first
 * issue of each field wins.
 */
export function checkInput<S extends z.core.$ZodType>(schema: S, input: Record<string, unknown>, labels: Labels): Checked<z.output<S>> {
  const result = z.safeParse(schema, input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? baseField(issue.path.map(String).join('.')) : 'form';
    if (errors[key]) continue;
    const label = labels[key] ?? key;
    errors[key] = key !== 'form' && isEmpty(input[key]) ? `${label} is required` : `${label} ${issue.message}`;
  }
  return { ok: false, errors };
}


/** Inputs of the search routes: the handle availability check. */
import * as z from 'zod/mini';
import { normaliseSearchText } from '../format';
import './locale';

/**
 * Any text up to a sane length: a malformed or reserved handle is an answer (`available: false`
 * with the reason), not a 400, so that the form can show why.
 */
export const handleAvailabilityInput = z.strictObject({ handle: z.string({ message: 'must be text' }).check(z.maxLength(100, { message: 'must be at most 100 characters' })) });

/** A search term: its letters and digits count, at least 2 of them (case and accents do not matter). */
export const searchTermInput = z.strictObject({
  term: z
    .string({ message: 'must be text' })
    .check(
      z.maxLength(100, { message: 'must be at most 100 characters' }),
      z.refine((t) => normaliseSearchText(t).length >= 2, { message: 'must have at least 2 letters or digits' }),
    ),
});

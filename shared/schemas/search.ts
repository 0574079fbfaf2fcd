/** Inputs of the search routes: the handle availability check. */
import * as z from 'zod/mini';
import { normaliseSearchText } from '../format';
import { hasSearchWord } from '../search-words';
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

/** Most characters of a browse filter's words (`q` of the directories and of nearby plants). */
export const BROWSE_WORDS_MAX = 100;

/**
 * The words a browsing list is filtered by (`q`): empty is no filter; otherwise at least 2 letters
 * or digits, as a search term. Each word must start a word of what is listed (search's matching).
 */
export const browseWords = z
  .string({ message: 'must be text' })
  .check(
    z.maxLength(BROWSE_WORDS_MAX, { message: `must be at most ${BROWSE_WORDS_MAX} characters` }),
    z.refine((t) => t.trim() === '' || hasSearchWord(t), { message: 'must have a word of at least 2 letters or digits' }),
  );

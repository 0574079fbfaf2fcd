/**
 * The input schemas use zod's functional API (`zod/mini`), which tree-shakes: a Lambda bundle
 * carries only the schema kinds and checks its route uses. Unlike classic zod, `zod/mini` installs
 * no locale, and an issue without a message of its own (an object where a string is due, a
 * `.min(4)` without a message…) would read "Invalid input". Every schema module imports this one
 * for its side effect: English, as classic zod registers on its first schema, so the 400 answers
 * and the forms keep zod's English wording ("Too small: expected string to have >=4 characters").
 * A locale set earlier (classic zod's, or an explicit `z.config`) is kept.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

if (!z.config().localeError) z.config(en());

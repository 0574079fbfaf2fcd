/**
 * How search reads text: case and accents are folded (shared/format.ts `normaliseSearchText`, the
 * same fold as page names' `nameKey`), anything but letters and digits separates words. An item is
 * found by its whole names (a name, a handle, a plant's common or botanical name, an event's title
 * or place) and by each word of them; a post by the words of its text too. A term is matched as a
 * prefix of those, from 2 characters on.
 */
import { normaliseSearchText } from '../../../shared/format';

/** The shortest term searched: a single character would match half the site. */
export const MIN_TERM_LENGTH = 2;
/** Longest token kept: a whole name past this is cut (a prefix of it still finds it). */
export const MAX_TOKEN_LENGTH = 60;

/** Text as search compares it: lower case, no accents, words separated by one space. */
export function normalise(text: string): string {
  return normaliseSearchText(text);
}

/** The distinct words of a text, in order, at least MIN_TERM_LENGTH characters long. */
export function wordsOf(text: string): string[] {
  return [...new Set(normalise(text).split(' ').filter((w) => w.length >= MIN_TERM_LENGTH))].map((w) => w.slice(0, MAX_TOKEN_LENGTH));
}

/** A token: the text it matches by prefix, and whether it is a whole name (exact and prefix matches rank above a word's). */
export interface Token {
  text: string;
  whole: boolean;
}

/** Words too common to spend a token on: a term holding one is read by its longest word anyway. */
const STOP_WORDS = new Set(['an', 'and', 'at', 'by', 'de', 'del', 'des', 'du', 'et', 'for', 'in', 'la', 'le', 'of', 'on', 'or', 'the', 'to', 'with']);

/**
 * The tokens of some names, at most `cap`: each whole name first (in the order given), then the
 * words of each name that are not already a whole name, in order. A name's first word needs no
 * token of its own (a prefix of the whole name is read by the same `begins_with`), nor does a
 * common word, so the cap reaches a long name's later words. Duplicates are dropped.
 */
export function nameTokens(names: readonly (string | undefined | null)[], cap: number): Token[] {
  const out: Token[] = [];
  const seen = new Set<string>();
  const add = (text: string, whole: boolean) => {
    if (out.length >= cap || text.length < MIN_TERM_LENGTH || seen.has(text)) return;
    seen.add(text);
    out.push({ text, whole });
  };
  const wholes = names.map((n) => normalise(n ?? '').slice(0, MAX_TOKEN_LENGTH));
  for (const w of wholes) add(w, true);
  for (const w of wholes) for (const word of w.split(' ').slice(1)) if (!STOP_WORDS.has(word)) add(word, false);
  return out;
}

/**
 * How well a term matches an item: 0 a whole name is the term, 1 a whole name starts with it, 2
 * each word of the term starts a word of the names or of `text`; null no match. Ranked from the
 * item as read, so a stale token never ranks (or finds) what the item no longer says.
 */
export function matchRank(term: string, names: readonly (string | undefined | null)[], text = ''): 0 | 1 | 2 | null {
  const wholes = names.map((n) => normalise(n ?? '')).filter(Boolean);
  if (wholes.includes(term)) return 0;
  if (wholes.some((w) => w.startsWith(term))) return 1;
  const words = new Set([...wholes.flatMap((w) => w.split(' ')), ...normalise(text).split(' ')]);
  const wanted = term.split(' ');
  return wanted.every((t) => [...words].some((w) => w.startsWith(t))) ? 2 : null;
}

/** The word of a term its tokens are read by: the longest (the fewest candidates). */
export function keyWordOf(term: string): string {
  return term.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');
}

/** A search term as typed, normalised; null when too short to search. */
export function termOf(raw: string): string | null {
  const term = normalise(raw).slice(0, MAX_TOKEN_LENGTH);
  return term.length >= MIN_TERM_LENGTH ? term : null;
}

/** Whether words can filter a list by word (kept apart from shared/format.ts, which every screen loads). */
import { normaliseSearchText } from './format';

/** One of the words has 2 letters or digits at least: a lone letter would match half the site. */
export function hasSearchWord(value: string): boolean {
  return normaliseSearchText(value).split(' ').some((w) => w.length >= 2);
}

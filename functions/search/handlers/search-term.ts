/**
 * GET /api/iam/search/term/{term}: members, pages, tags, posts, plants and upcoming events
 * matching the term, at most 10 of each, only what the caller may see (functions/search/search.ts);
 * SEARCH_USER searches an hour per member.
 */
import type { searchTerm as route } from '../../../shared/contract/search';
import { badRequest } from '../../lib/errors';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { search } from '../search';
import { termOf } from '../../db/items/search-terms';

export const main: Main<typeof route> = async ({ input, session }) => {
  const term = termOf(input.term);
  if (!term) throw badRequest('term must have at least 2 letters or digits', 'term');
  await hitRateLimit('SEARCH_USER', session.userId);
  const viewer = await viewerOf(session);
  return search(term, { ...viewer, userId: session.userId });
};

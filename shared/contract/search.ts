/** The search routes' contract. */
import { handleAvailability } from '../answers/users';
import { searchResults } from '../answers/search';
import { handleAvailabilityInput, searchTermInput } from '../schemas/search';
import { defineRoute } from './route';

export const usernamePageHandle = defineRoute({
  method: 'GET', path: '/api/iam/search/username-page-handle/{handle}', access: 'public',
  input: handleAvailabilityInput, output: handleAvailability,
  summary: '{ available, reason? }: whether a username or page handle (one namespace) can be taken; malformed and reserved handles cannot.',
});

export const searchTerm = defineRoute({
  method: 'GET', path: '/api/iam/search/term/{term}', access: 'user',
  input: searchTermInput, output: searchResults,
  errors: { 429: 'past the search limit' },
  summary: 'Members (by name and username), pages (name, handle), tags, posts and plants (words, plant names, tags) and upcoming events (title, place) matching the term, at most 10 of each: exact, then prefix, then word matches, then newest (events: soonest). Only what the caller may see. 429 after 600 in an hour.',
});

/** The search routes' contract. */
import { handleAvailability } from '../answers/users';
import { handleAvailabilityInput } from '../schemas/search';
import { defineRoute } from './route';

export const usernamePageHandle = defineRoute({
  method: 'GET', path: '/api/iam/search/username-page-handle/{handle}', access: 'public',
  input: handleAvailabilityInput, output: handleAvailability,
  summary: '{ available, reason? }: whether a username or page handle (one namespace) can be taken; malformed and reserved handles cannot.',
});

/** The search routes' contract. */
import * as z from 'zod';
import { handleAvailabilityInput } from '../schemas/users';
import { defineRoute } from './route';

export const usernamePageHandle = defineRoute({
  method: 'GET', path: '/api/iam/search/username-page-handle/{handle}', access: 'public',
  input: handleAvailabilityInput, output: z.unknown(),
  summary: '{ available, reason? }: whether a username or page handle (one namespace) can be taken; malformed and reserved handles cannot.',
});

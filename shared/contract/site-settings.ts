/** The site-settings routes' contract. */
import * as z from 'zod';
import { noInput } from '../schemas/common';
import { defineRoute } from './route';

export const getSite = defineRoute({
  method: 'GET', path: '/api/site-settings/get-site', access: 'public',
  input: noInput, output: z.unknown(),
  summary: 'The site settings flagged public: name, tagline, default location and the rest.',
});

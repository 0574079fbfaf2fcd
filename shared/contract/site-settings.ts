/** The site-settings routes' contract. */
import { publicSite } from '../answers/site';
import { noInput } from '../schemas/common';
import { defineRoute } from './route';

export const getSite = defineRoute({
  method: 'GET', path: '/api/site-settings/get-site', access: 'public',
  input: noInput, output: publicSite,
  summary: 'The site settings flagged public: name, tagline, default location and the rest.',
});

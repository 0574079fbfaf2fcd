/** The site-settings routes' contract. */
import { publicSite, webManifest } from '../answers/site-settings';
import { noInput } from '../schemas/common';
import { defineRoute, rawAnswer } from './route';

export const getSite = defineRoute({
  method: 'GET', path: '/api/site-settings/get-site', access: 'public',
  input: noInput, output: publicSite,
  summary: 'The site settings flagged public: name, tagline, default location and the rest.',
});

export const manifest = defineRoute({
  method: 'GET', path: '/api/site-settings/manifest', access: 'public', platformExempt: true,
  input: noInput, output: rawAnswer('application/manifest+json', webManifest),
  summary: 'The web app manifest (name and description from the site settings), fetched by browsers without the client-platform header so the site can be added to a home screen.',
});

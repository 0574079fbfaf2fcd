/** The site-settings routes' contract. */
import { publicSite, siteText as siteTextAnswer, webManifest } from '../answers/site-settings';
import { noInput } from '../schemas/common';
import { siteTextInput, updateSiteTextInput } from '../schemas/site-settings';
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

export const siteText = defineRoute({
  method: 'GET', path: '/api/site-settings/text/{name}', access: 'public',
  input: siteTextInput, output: siteTextAnswer,
  summary: "One of the site's texts (about, terms-of-use, privacy-policy) as Markdown and HTML, read by its own screen only (view=page: the HTML alone); browsers may cache it for five minutes.",
});

export const updateSiteText = defineRoute({
  method: 'PUT', path: '/api/iam/admin/update/site-text', access: 'admin',
  input: updateSiteTextInput, output: siteTextAnswer,
  summary: "An admin writes one of the site's texts (Markdown, at most 100,000 characters); an empty text brings back the default.",
});

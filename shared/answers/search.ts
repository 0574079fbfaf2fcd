/**
 * What the search route answers: hits grouped by kind, each with its id (a tag: its name) and
 * what a result row draws.
 */
import * as z from 'zod';

const avatar = z.string().nullable().describe('The image key, null without one');
const photo = z.string().nullable().describe('The key of the first photo (its small rendition when there is one), null without photos');
const snippet = z.string().describe('The start of the text, at most 160 characters');
const author = z.strictObject({ type: z.enum(['user', 'page']), id: z.string(), handle: z.string().nullable(), name: z.string() });

export const userHit = z.strictObject({ id: z.string(), username: z.string(), name: z.string(), avatar });
export const pageHit = z.strictObject({ id: z.string(), handle: z.string(), name: z.string(), avatar });
export const tagHit = z.strictObject({ name: z.string(), usageCount: z.number() });
export const postHit = z.strictObject({ id: z.string(), snippet, photo, owner: author, createdAt: z.string() });
export const plantHit = z.strictObject({
  id: z.string(),
  commonName: z.string(),
  botanicalName: z.string().nullable(),
  availability: z.string().nullable(),
  available: z.boolean(),
  snippet,
  photo,
  owner: author,
  createdAt: z.string(),
});
export const eventHit = z.strictObject({
  id: z.string(),
  randomId: z.string(),
  title: z.string(),
  startsAt: z.string().describe('The next date\'s start (ISO 8601)'),
  endsAt: z.string(),
  place: z.string().nullable().describe('The place\'s name, or its suburb or city'),
});

export const searchResults = z.strictObject({
  users: z.array(userHit),
  pages: z.array(pageHit),
  tags: z.array(tagHit),
  posts: z.array(postHit),
  plants: z.array(plantHit),
  events: z.array(eventHit),
});
export type SearchResults = z.output<typeof searchResults>;
export type UserHit = z.output<typeof userHit>;
export type PageHit = z.output<typeof pageHit>;
export type TagHit = z.output<typeof tagHit>;
export type PostHit = z.output<typeof postHit>;
export type PlantHit = z.output<typeof plantHit>;
export type EventHit = z.output<typeof eventHit>;

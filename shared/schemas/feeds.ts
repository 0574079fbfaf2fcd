/** Inputs of the feeds routes: the lists of posts and plants, a post with its thread, nearby plants. */
import * as z from 'zod/mini';
import { FEED_FILTERS } from '../constants';
import { AVAILABILITY_FILTERS, TAKE_MAX } from '../content-rules';
import { cursor, handle, queryCount, uuid } from './common';
import './locale';
import { postId } from './posts';
import { browseWords } from './search';
import { tagName } from './tags';

const take = queryCount(TAKE_MAX);
const plantFilter = z.enum(['plantsAll', 'plantsAvail'], { message: 'must be plantsAll or plantsAvail' });
const feedFilter = z.enum(['all', ...FEED_FILTERS], { message: `must be all, ${FEED_FILTERS.join(', ')}` });

export const contentRecentQuery = z.strictObject({ filter: z.optional(feedFilter), cursorId: z.optional(cursor) });
export const contentMoreParams = z.strictObject({ arg: cursor, filter: z.optional(feedFilter) });
export const postIdParams = z.strictObject({
  id: postId,
  commentsCursor: z.optional(cursor),
});
export const cursorParams = z.strictObject({ cursor });
export const noCursorQuery = z.strictObject({ cursorId: z.optional(cursor) });
export const plantsRecentParams = z.strictObject({ x: plantFilter });
export const plantsMoreRecentParams = z.strictObject({ filter: plantFilter, cursor });
export const publicPlantsRecentParams = z.strictObject({ arg: plantFilter, cursorId: z.optional(cursor) });
export const tagFeedParams = z.strictObject({ tag: tagName, cursorId: z.optional(cursor) });
export const userIdParams = z.strictObject({ id: uuid });
export const byHandleParams = z.strictObject({ username: handle, cursorId: z.optional(cursor) });
export const moreByHandleParams = z.strictObject({ arg: handle, cursorId: z.optional(cursor) });
export const plantsByHandleParams = z.strictObject({ user: handle, filter: z.optional(plantFilter), cursorId: z.optional(cursor) });
export const listingsParams = z.strictObject({ uuid, cursorId: z.optional(cursor) });
export const plantsByUserParams = z.strictObject({ userId: uuid, filter: plantFilter, take });
export const morePostsByUserParams = z.strictObject({ userId: uuid, take, cursor });
export const morePlantsByUserParams = z.strictObject({ userId: uuid, filter: plantFilter, take, cursor });
export const basicParams = z.strictObject({ x: z.union([uuid, handle], { message: 'must be a UUID or a handle' }) });
export const availNearbyInput = z.strictObject({
  uuid: z.optional(uuid),
  latitude: z.number({ message: 'must be a number' }).check(z.gte(-90, { message: 'must be -90 to 90' }), z.lte(90, { message: 'must be -90 to 90' })),
  longitude: z.number({ message: 'must be a number' }).check(z.gte(-180, { message: 'must be -180 to 180' }), z.lte(180, { message: 'must be -180 to 180' })),
  radiusKm: z.optional(
    z
      .number({ message: 'must be a number' })
      .check(z.int({ message: 'must be a whole number of kilometres' }), z.gte(1, { message: 'must be at least 1' }), z.lte(100, { message: 'must be at most 100' })),
  ),
  /** Only listings of this kind of availability. */
  availability: z.optional(z.enum(AVAILABILITY_FILTERS, { message: 'must be swap, sale or free' })),
  /** Only listings whose names, text or tags hold every word (each starting a word of them). */
  q: z.optional(browseWords),
});
export const forYouQuery = z.strictObject({ cursorId: z.optional(cursor) });

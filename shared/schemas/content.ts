/**
 * Inputs and answers of the content routes (posts, plant posts, comments, reactions, feeds and
 * photo uploads), used by the server's validation and the web's forms alike. The limits and
 * rules themselves are in ../content-rules.ts (no zod), re-exported here.
 */
import * as z from 'zod';
import { FEED_FILTERS } from '../constants';
import { MAX_COMMENT_LEVEL, MAX_PHOTOS_PER_POST, MAX_TAGS_PER_POST, PHOTO_DESCRIPTION_MAX, PHOTO_KEY_PATTERN, PHOTO_MAX_BYTES, PHOTO_TYPES, POST_TEXT_MAX, COMMENT_MAX, PRIVACIES, REACTION_ID_PATTERN, TAKE_MAX } from '../content-rules';
import { clientId, text } from './common';
import { handle } from './identity';
import { tagName } from './tags';

export * from '../content-rules';

const privacy = z.enum(PRIVACIES, { message: 'must be public, members or private' });
/** Ids are stored lower case; an upper-case spelling names the same item. */
const uuid = z.uuid({ message: 'must be a UUID' }).transform((s) => s.toLowerCase());

/** A post's id is the client-generated UUID of its creating call. */
export const postId = uuid;

/** An uploaded photo's object key, as the upload URL route handed it out. */
export const photoKey = z.string({ message: 'must be text' }).regex(PHOTO_KEY_PATTERN, { message: 'must be the key of an uploaded photo' });

const tags = z
  .array(tagName, { message: 'must be a list of tag names' })
  .max(MAX_TAGS_PER_POST, { message: `must hold at most ${MAX_TAGS_PER_POST} tags` })
  .transform((names) => [...new Set(names)]);

const photo = z.object({ key: photoKey, description: text(0, PHOTO_DESCRIPTION_MAX).optional() }).strict();
const photos = (min: number) =>
  z
    .array(photo, { message: 'must be a list of photos' })
    .min(min, { message: `must hold at least ${min} photo` })
    .max(MAX_PHOTOS_PER_POST, { message: `must hold at most ${MAX_PHOTOS_PER_POST} photos` })
    .refine((list) => new Set(list.map((p) => p.key)).size === list.length, { message: 'must not hold the same photo twice' });

export const plantDetails = z
  .object({
    commonName: text(1, 80),
    botanicalName: text(0, 120).optional(),
    careNotes: text(0, 2000).optional(),
    size: text(0, 60).optional(),
    price: text(0, 60).optional(),
    swapTerms: text(0, 300).optional(),
    availability: text(1, 60),
  })
  .strict();
export type PlantDetails = z.infer<typeof plantDetails>;

export const newPostInput = z
  .object({
    id: clientId,
    text: text(0, POST_TEXT_MAX),
    tags,
    photos: photos(0),
    privacy,
    /** Publish as this page (pages arrive with their own issue: today any page id is 404). */
    pageId: uuid.optional(),
  })
  .strict()
  .refine((p) => p.text.length > 0 || p.photos.length > 0, { message: 'is required when there are no photos', path: ['text'] });

export const newPlantInput = z
  .object({
    id: clientId,
    text: text(0, POST_TEXT_MAX).optional(),
    plant: plantDetails,
    plant_photos: photos(1),
    privacy,
    tags,
    pageId: uuid.optional(),
  })
  .strict();

export const deletePostInput = z.object({ postId, userId: uuid }).strict();
export const postPrivacyInput = z.object({ id: postId, uuid, privacy }).strict();
export const textAndTagsInput = z.object({ postId, userId: uuid, text: text(0, POST_TEXT_MAX), tags }).strict();
export const plantUpdateInput = z.object({ postId, userId: uuid, plant: plantDetails, privacy }).strict();
export const photoDescriptionsInput = z
  .object({
    id: postId,
    uuid,
    plantPhotos: z
      .array(z.object({ key: photoKey, description: text(0, PHOTO_DESCRIPTION_MAX) }).strict(), { message: 'must be a list of photos' })
      .min(1, { message: 'must hold at least 1 photo' })
      .max(MAX_PHOTOS_PER_POST, { message: `must hold at most ${MAX_PHOTOS_PER_POST} photos` }),
  })
  .strict();

/** A comment id is the client-generated UUID of its creating call. */
export const commentId = uuid;

export const newCommentInput = z
  .object({
    id: clientId,
    post_id: postId,
    content: text(1, COMMENT_MAX),
    parent_id: commentId.optional(),
    level: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(0, { message: 'must be 0 or more' })
      .max(MAX_COMMENT_LEVEL, { message: `must be at most ${MAX_COMMENT_LEVEL}: replies nest at most ${MAX_COMMENT_LEVEL} deep` }),
  })
  .strict()
  .refine((c) => (c.parent_id === undefined) === (c.level === 0), { message: 'must be 0 for a comment and its parent\'s level + 1 for a reply', path: ['level'] });

export const deleteCommentInput = z.object({ id: commentId, uuid }).strict();

/** `p.<postId>.<userId>` or `c.<commentId>.<userId>`: one reaction per user and target. */
export const reactionId = z.string({ message: 'must be text' }).regex(REACTION_ID_PATTERN, { message: 'must be a reaction id' });

export const newReactionInput = z
  .object({ post_id: postId.optional(), comment_id: commentId.optional() })
  .strict()
  .refine((r) => (r.post_id === undefined) !== (r.comment_id === undefined), { message: 'name exactly one of post_id and comment_id', path: ['post_id'] });
export const deleteReactionInput = z.object({ id: reactionId }).strict();

export const reactionNotifInput = z.object({ reactionId }).strict();
export const commentNotifInput = z.object({ commentId }).strict();

// ── Feeds ──────────────────────────────────────────────────────────────────────────────────

/** A feed cursor: the last item's sort key, as the previous page handed it out. */
export const cursor = z.string({ message: 'must be text' }).max(200, { message: 'must be at most 200 characters' });
const take = z.coerce
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(1, { message: 'must be at least 1' })
  .max(TAKE_MAX, { message: `must be at most ${TAKE_MAX}` });
const plantFilter = z.enum(['plantsAll', 'plantsAvail'], { message: 'must be plantsAll or plantsAvail' });
const feedFilter = z.enum(['all', ...FEED_FILTERS], { message: `must be all, ${FEED_FILTERS.join(', ')}` });

export const contentRecentQuery = z.object({ filter: feedFilter.optional(), cursorId: cursor.optional() }).strict();
export const contentMoreParams = z.object({ arg: cursor, filter: feedFilter.optional() }).strict();
export const postIdParams = z.object({ id: postId, commentsCursor: z.string({ message: 'must be text' }).max(1500, { message: 'must be at most 1500 characters' }).optional() }).strict();
export const cursorParams = z.object({ cursor }).strict();
export const noCursorQuery = z.object({ cursorId: cursor.optional() }).strict();
export const plantsRecentParams = z.object({ x: plantFilter }).strict();
export const plantsMoreRecentParams = z.object({ filter: plantFilter, cursor }).strict();
export const publicPlantsRecentParams = z.object({ arg: plantFilter, cursorId: cursor.optional() }).strict();
export const tagFeedParams = z.object({ tag: tagName, cursorId: cursor.optional() }).strict();
export const userIdParams = z.object({ id: uuid }).strict();
export const byHandleParams = z.object({ username: handle, cursorId: cursor.optional() }).strict();
export const moreByHandleParams = z.object({ arg: handle, cursorId: cursor.optional() }).strict();
export const plantsByHandleParams = z.object({ user: handle, filter: plantFilter.optional(), cursorId: cursor.optional() }).strict();
export const listingsParams = z.object({ uuid, cursorId: cursor.optional() }).strict();
export const plantsByUserParams = z.object({ userId: uuid, filter: plantFilter, take }).strict();
export const morePostsByUserParams = z.object({ userId: uuid, take, cursor }).strict();
export const morePlantsByUserParams = z.object({ userId: uuid, filter: plantFilter, take, cursor }).strict();
export const basicParams = z.object({ x: z.union([uuid, handle], { message: 'must be a UUID or a handle' }) }).strict();
export const availNearbyInput = z
  .object({
    uuid: uuid.optional(),
    latitude: z.number({ message: 'must be a number' }).min(-90, { message: 'must be -90 to 90' }).max(90, { message: 'must be -90 to 90' }),
    longitude: z.number({ message: 'must be a number' }).min(-180, { message: 'must be -180 to 180' }).max(180, { message: 'must be -180 to 180' }),
    radiusKm: z.number({ message: 'must be a number' }).int({ message: 'must be a whole number of kilometres' }).min(1, { message: 'must be at least 1' }).max(100, { message: 'must be at most 100' }).optional(),
  })
  .strict();

export const photoUploadInput = z
  .object({
    contentType: z.enum(PHOTO_TYPES, { message: 'must be image/jpeg, image/png or image/webp' }),
    size: z.number({ message: 'must be a number' }).int({ message: 'must be a whole number' }).min(1, { message: 'must be at least 1 byte' }).max(PHOTO_MAX_BYTES, { message: 'must be at most 10 MB' }),
  })
  .strict();

// The answers (post, comment and reaction views, threads, counts) are schemas of shared/answers/.
export type { CommentView, OwnerCard, PhotoView, PostKind, PostView, ReactionView, Responder } from '../answers/content';
export type { FeedCounts, PostDetail } from '../answers/feeds';

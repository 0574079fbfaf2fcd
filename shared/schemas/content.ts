/**
 * Inputs and answers of the content routes (posts, plant posts, comments, reactions, feeds and
 * photo uploads), used by the server's validation and the web's forms alike. The limits and
 * rules themselves are in ../content-rules.ts (no zod), re-exported here.
 */
import * as z from 'zod/mini';
import { FEED_FILTERS } from '../constants';
import { MAX_COMMENT_LEVEL, MAX_PHOTOS_PER_POST, MAX_TAGS_PER_POST, PHOTO_DESCRIPTION_MAX, PHOTO_KEY_PATTERN, PHOTO_MAX_BYTES, PHOTO_MAX_SIDE_PX, PHOTO_SMALL_MAX_BYTES, PHOTO_TYPES, POST_TEXT_MAX, COMMENT_MAX, PRIVACIES, REACTION_ID_PATTERN, TAKE_MAX } from '../content-rules';
import { clientId, cursor, nameText, queryCount, text, uuid } from './common';
import { handle } from './identity';
import './locale';
import { tagName } from './tags';

export * from '../content-rules';

const privacy = z.enum(PRIVACIES, { message: 'must be public, members or private' });

/** A post's id is the client-generated UUID of its creating call. */
export const postId = uuid;

/** An uploaded photo's object key, as the upload URL route handed it out. */
export const photoKey = z.string({ message: 'must be text' }).check(z.regex(PHOTO_KEY_PATTERN, { message: 'must be the key of an uploaded photo' }));

const tags = z.pipe(
  z.array(tagName, { message: 'must be a list of tag names' }).check(z.maxLength(MAX_TAGS_PER_POST, { message: `must hold at most ${MAX_TAGS_PER_POST} tags` })),
  z.transform((names: string[]) => [...new Set(names)]),
);

/** A side of an uploaded photo in pixels, as the browser measured it (a layout hint: the space a card keeps for the photo). */
const photoSide = z
  .number({ message: 'must be a number' })
  .check(z.int({ message: 'must be a whole number of pixels' }), z.gte(1, { message: 'must be at least 1' }), z.lte(PHOTO_MAX_SIDE_PX, { message: `must be at most ${PHOTO_MAX_SIDE_PX}` }));

const photo = z.strictObject({
  key: photoKey,
  description: z.optional(text(0, PHOTO_DESCRIPTION_MAX)),
  width: z.optional(photoSide),
  height: z.optional(photoSide),
});
const photos = (min: number) =>
  z.array(photo, { message: 'must be a list of photos' }).check(
    z.minLength(min, { message: `must hold at least ${min} photo` }),
    z.maxLength(MAX_PHOTOS_PER_POST, { message: `must hold at most ${MAX_PHOTOS_PER_POST} photos` }),
    z.refine((list) => new Set(list.map((p) => p.key)).size === list.length, { message: 'must not hold the same photo twice' }),
  );

export const plantDetails = z.strictObject({
  commonName: nameText(1, 80),
  botanicalName: z.optional(nameText(0, 120)),
  careNotes: z.optional(text(0, 2000)),
  size: z.optional(text(0, 60)),
  price: z.optional(text(0, 60)),
  swapTerms: z.optional(text(0, 300)),
  availability: text(1, 60),
});
export type PlantDetails = z.infer<typeof plantDetails>;

export const newPostInput = z
  .strictObject({
    id: clientId,
    text: text(0, POST_TEXT_MAX),
    tags,
    photos: photos(0),
    privacy,
    /** Publish as this page (pages arrive with their own issue: today any page id is 404). */
    pageId: z.optional(uuid),
  })
  .check(z.refine((p) => p.text.length > 0 || p.photos.length > 0, { message: 'is required when there are no photos', path: ['text'] }));

export const newPlantInput = z.strictObject({
  id: clientId,
  text: z.optional(text(0, POST_TEXT_MAX)),
  plant: plantDetails,
  plant_photos: photos(1),
  privacy,
  tags,
  pageId: z.optional(uuid),
});

export const deletePostInput = z.strictObject({ postId, userId: uuid });
export const postPrivacyInput = z.strictObject({ id: postId, uuid, privacy });
export const textAndTagsInput = z.strictObject({ postId, userId: uuid, text: text(0, POST_TEXT_MAX), tags });
export const plantUpdateInput = z.strictObject({ postId, userId: uuid, plant: plantDetails, privacy });
export const photoDescriptionsInput = z.strictObject({
  id: postId,
  uuid,
  plantPhotos: z
    .array(z.strictObject({ key: photoKey, description: text(0, PHOTO_DESCRIPTION_MAX) }), { message: 'must be a list of photos' })
    .check(
      z.minLength(1, { message: 'must hold at least 1 photo' }),
      z.maxLength(MAX_PHOTOS_PER_POST, { message: `must hold at most ${MAX_PHOTOS_PER_POST} photos` }),
    ),
});

/** A comment id is the client-generated UUID of its creating call. */
export const commentId = uuid;

export const newCommentInput = z
  .strictObject({
    id: clientId,
    post_id: postId,
    content: text(1, COMMENT_MAX),
    parent_id: z.optional(commentId),
    level: z
      .number({ message: 'must be a number' })
      .check(
        z.int({ message: 'must be a whole number' }),
        z.gte(0, { message: 'must be 0 or more' }),
        z.lte(MAX_COMMENT_LEVEL, { message: `must be at most ${MAX_COMMENT_LEVEL}: replies nest at most ${MAX_COMMENT_LEVEL} deep` }),
      ),
  })
  .check(z.refine((c) => (c.parent_id === undefined) === (c.level === 0), { message: 'must be 0 for a comment and its parent\'s level + 1 for a reply', path: ['level'] }));

export const deleteCommentInput = z.strictObject({ id: commentId, uuid });

/** `p.<postId>.<userId>` or `c.<commentId>.<userId>`: one reaction per user and target. */
export const reactionId = z.string({ message: 'must be text' }).check(z.regex(REACTION_ID_PATTERN, { message: 'must be a reaction id' }));

export const newReactionInput = z
  .strictObject({ post_id: z.optional(postId), comment_id: z.optional(commentId) })
  .check(z.refine((r) => (r.post_id === undefined) !== (r.comment_id === undefined), { message: 'name exactly one of post_id and comment_id', path: ['post_id'] }));
export const deleteReactionInput = z.strictObject({ id: reactionId });

export const reactionNotifInput = z.strictObject({ reactionId });
export const commentNotifInput = z.strictObject({ commentId });

// ── Feeds ──────────────────────────────────────────────────────────────────────────────────

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
});

const uploadSize = z
  .number({ message: 'must be a number' })
  .check(z.int({ message: 'must be a whole number' }), z.gte(1, { message: 'must be at least 1 byte' }), z.lte(PHOTO_MAX_BYTES, { message: 'must be at most 10 MB' }));

export const photoUploadInput = z.strictObject({
  contentType: z.enum(PHOTO_TYPES, { message: 'must be image/jpeg, image/png or image/webp' }),
  size: uploadSize,
  /** The bytes of the photo's small rendition (at most PHOTO_SMALL_WIDTH_PX wide, same type), when the browser made one. */
  smallSize: z.optional(
    z
      .number({ message: 'must be a number' })
      .check(z.int({ message: 'must be a whole number' }), z.gte(1, { message: 'must be at least 1 byte' }), z.lte(PHOTO_SMALL_MAX_BYTES, { message: 'must be at most 2 MB' })),
  ),
});

// The answers (post, comment and reaction views, threads, counts) are schemas of shared/answers/.
export type { CommentView, OwnerCard, PhotoView, PostKind, PostView, ReactionView, Responder } from '../answers/content';
export type { FeedCounts, PostDetail } from '../answers/feeds';

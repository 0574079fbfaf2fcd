/**
 * Inputs of the posts routes (posts and plant posts: create, edit, privacy, photos, delete),
 * used by the server's validation and the web's forms alike. The limits and rules themselves are
 * in ../content-rules.ts (no zod).
 */
import * as z from 'zod/mini';
import { MAX_PHOTOS_PER_POST, MAX_TAGS_PER_POST, PHOTO_DESCRIPTION_MAX, PHOTO_KEY_PATTERN, PHOTO_MAX_SIDE_PX, POST_TEXT_MAX, PRIVACIES } from '../content-rules';
import { clientId, nameText, text, uuid } from './common';
import './locale';
import { tagName } from './tags';

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
export const photoSide = z
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

/** Inputs of the image routes: upload URLs for photos and avatars. */
import * as z from 'zod/mini';
import { PHOTO_MAX_BYTES, PHOTO_SMALL_MAX_BYTES, PHOTO_TYPES } from '../content-rules';
import './locale';

export const avatarUploadInput = z.strictObject({
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp'], { message: 'must be JPEG, PNG or WebP' }),
  size: z.number().check(z.int(), z.positive(), z.lte(5 * 1024 * 1024, { message: 'must be at most 5 MB' })),
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

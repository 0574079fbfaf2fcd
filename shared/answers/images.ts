/** What the image upload routes answer (the `data` of the success envelope). */
import * as z from 'zod';
import { PHOTO_TYPES } from '../content-rules';

/** A presigned PUT straight to the images bucket (avatars and post photos alike). */
export const presignedUpload = z.strictObject({
  url: z.string().describe('The presigned URL to PUT the file to'),
  key: z.string().describe('The object key to save with the profile or the post once the upload is done'),
  headers: z.strictObject({ 'content-type': z.enum(PHOTO_TYPES) }).describe('Headers the PUT must carry (signed: the bucket refuses another content type)'),
  expires_in: z.number().int().describe('Seconds the URL stays valid'),
});
export type PresignedUpload = z.output<typeof presignedUpload>;

/** A post photo's upload: the original's PUT, and the small rendition's when the request gave its size. */
export const photoUpload = presignedUpload.extend({
  small: z
    .strictObject({ url: z.string(), key: z.string(), headers: z.strictObject({ 'content-type': z.enum(PHOTO_TYPES) }) })
    .nullable()
    .describe('The presigned PUT of the small rendition (same type, same lifetime); null without smallSize'),
});
export type PhotoUpload = z.output<typeof photoUpload>;

/** The images routes' contract. */
import { photoUpload as photoUploadAnswer, presignedUpload } from '../answers/images';
import { avatarUploadInput, photoUploadInput } from '../schemas/images';
import { defineRoute } from './route';

export const avatarUpload = defineRoute({
  method: 'POST', path: '/api/iam/images/avatar-upload', access: 'user',
  input: avatarUploadInput, output: presignedUpload,
  errors: { 429: 'past the upload limit' },
  summary: 'A presigned PUT (5 min; JPEG, PNG or WebP; content type and length signed; at most 5 MB) for a new avatar: { url, key, headers, expires_in }; save the key with PUT /api/iam/authn/update. The upload stays pending until saved; unused ones are removed after a day. 403 for suspended members; 429 after 30 in an hour.',
});

export const photoUpload = defineRoute({
  method: 'POST', path: '/api/iam/images/upload-url', access: 'registered',
  input: photoUploadInput, output: photoUploadAnswer,
  errors: { 429: 'past the upload limit' },
  summary: 'A presigned PUT (5 min; JPEG, PNG or WebP; at most 10 MB) for a post or plant photo: { url, key, headers, expires_in, small }. With smallSize (at most 2 MB), small is a second PUT for the photo\'s small rendition (at most 640 px wide, same type), which cards show; else null. The key stays pending until a post uses it; unused uploads (both objects) are removed after a day. 429 after 150 in an hour.',
});

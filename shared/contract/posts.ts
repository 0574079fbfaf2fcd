/** The posts routes' contract. */
import { plantAnswer, postAnswer, postDeleted } from '../answers/posts';
import { deletePostInput, newPlantInput, newPostInput, photoDescriptionsInput, plantUpdateInput, postPrivacyInput, textAndTagsInput } from '../schemas/posts';
import { defineRoute } from './route';

export const newPost = defineRoute({
  method: 'POST', path: '/api/iam/posts/new', access: 'registered', status: 201, idempotent: true,
  input: newPostInput, output: postAnswer,
  errors: { 404: 'no page with the pageId', 409: 'the id belongs to another post', 429: 'past the posting limit' },
  summary: 'Create a post (id = client UUID, so a retry answers the same post): text, tags (at most 8), photos (keys from the upload URL route, at most 10), privacy, pageId?: 201 { post }; 200 with the existing post on a retry; 409 when the id is taken by another post; 429 after 30 posts and plants in an hour.',
});

export const newPlant = defineRoute({
  method: 'POST', path: '/api/iam/plant/new', access: 'registered', status: 201, idempotent: true,
  input: newPlantInput, output: plantAnswer,
  errors: { 404: 'no page with the pageId', 409: 'the id belongs to another post', 429: 'past the posting limit' },
  summary: 'Create a plant post (id = client UUID): plant details with availability, plant_photos (1-10, each with a description), text?, tags, privacy, pageId? (list it as the page: for members holding the page\'s posting role, placed where the page is and moved with it; 403 for others, never private): 201 { plant }; a retry answers the same plant; 403 when the site requires a verified phone to list plants and the member has none; 429 after 30 posts and plants in an hour.',
});

export const deletePost = defineRoute({
  method: 'DELETE', path: '/api/iam/posts', access: 'self',
  input: deletePostInput, output: postDeleted,
  errors: { 404: 'no such post the caller may see' },
  summary: 'Delete the caller\'s post or plant (postId, userId = the caller): one transaction takes it out of every list and fixes every count, then its comments, reactions and photos are swept: { deleted: true }.',
});

export const privacy = defineRoute({
  method: 'PUT', path: '/api/iam/posts/privacy', access: 'self',
  input: postPrivacyInput, output: postAnswer,
  errors: { 404: 'no such post the caller may see' },
  summary: 'Change a post\'s privacy (id, uuid = the caller, privacy); it moves to the front of its lists and the counts follow; a narrower audience moves its photos to new keys (old photo URLs stop working): { post }.',
});

export const textAndTags = defineRoute({
  method: 'PUT', path: '/api/iam/posts/update/textandtags', access: 'self',
  input: textAndTagsInput, output: postAnswer,
  errors: { 404: 'no such post the caller may see' },
  summary: 'Change a post\'s text and tags (postId, userId = the caller); it moves to the front of its lists: { post }.',
});

export const plantDetails = defineRoute({
  method: 'PUT', path: '/api/iam/plant/update/details', access: 'self',
  input: plantUpdateInput, output: plantAnswer,
  errors: { 404: 'no such plant the caller may see' },
  summary: 'Change a plant post\'s details, availability and privacy (postId, userId = the caller); a narrower audience moves its photos to new keys: { plant }.',
});

export const photoDescriptions = defineRoute({
  method: 'PUT', path: '/api/iam/plant/update/photo-descriptions', access: 'self',
  input: photoDescriptionsInput, output: plantAnswer,
  errors: { 404: 'no such plant the caller may see' },
  summary: 'Change the descriptions of a plant post\'s photos (id, uuid = the caller, plantPhotos [{ key, description }]): { plant }.',
});

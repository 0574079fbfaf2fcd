/**
 * Changing a post's or plant's text and tags (PUT /api/iam/posts/update/textandtags): the post
 * card's editor (content) and the plant editor (compose) both call it.
 */
import type { RouteInput } from '@shared/contract';
import { api } from '@/lib/api';

export const updateTextAndTags = (body: RouteInput<'PUT /api/iam/posts/update/textandtags'>) => api.call('PUT /api/iam/posts/update/textandtags', { ...body });

/** A post's own page: the post with a page of its thread and the people who responded. */
import { queryOptions } from '@tanstack/react-query';
import type { PostDetail } from '@shared/answers/feeds';
import { api } from '@/lib/api';
import { contentKeys } from '@/lib/feed/keys';

/** A post with the first page of its thread, or the next page after `commentsCursor`. */
export const getPost = (id: string, signal?: AbortSignal, commentsCursor?: string): Promise<PostDetail> =>
  api.call('GET /api/post/{id}', { id, ...(commentsCursor ? { commentsCursor } : {}) }, { signal });

/** The cached first page of a post's page, as `useQuery` takes it. */
export const postQuery = (viewer: string, id: string) =>
  queryOptions({ queryKey: contentKeys.detail(viewer, 'post', id.toLowerCase()), queryFn: ({ signal }) => getPost(id, signal) });

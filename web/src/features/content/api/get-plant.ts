/** A plant's own page, in the shape of a post's page (`post` for `plant`) so that one screen shows both. */
import { queryOptions } from '@tanstack/react-query';
import type { PostDetail } from '@shared/answers/feeds';
import { api } from '@/lib/api';
import { contentKeys } from '@/lib/feed/keys';

/** A plant with a page of its thread, as the detail screen reads a post (`post` for `plant`). */
export async function getPlant(id: string, signal?: AbortSignal, commentsCursor?: string): Promise<PostDetail> {
  const { plant, comments, responders, commentsCursor: next } = await api.call('GET /api/plant/{id}', { id, ...(commentsCursor ? { commentsCursor } : {}) }, { signal });
  return { post: plant, comments, responders, commentsCursor: next ?? null };
}

/** The cached first page of a plant's page, as `useQuery` takes it. */
export const plantQuery = (viewer: string, id: string) =>
  queryOptions({ queryKey: contentKeys.detail(viewer, 'plant', id.toLowerCase()), queryFn: ({ signal }) => getPlant(id, signal) });

/** A post's or plant's own page (a plant is read in a post's shape), editing a post's text and tags, and deleting a post or plant. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDetail } from '@shared/answers/feeds';
import type { PostView } from '@shared/answers/posts';
import { api } from '@/lib/api';
import { contentKeys } from '@/lib/feed/keys';
import { updateTextAndTags } from '@/lib/post-text';
import { patchPost, removePost } from './cache';

/** A post's own page: the post with a page of its thread and the people who responded. */
/** A post with the first page of its thread, or the next page after `commentsCursor`. */
export const getPost = (id: string, signal?: AbortSignal, commentsCursor?: string): Promise<PostDetail> =>
  api.call('GET /api/post/{id}', { id, ...(commentsCursor ? { commentsCursor } : {}) }, { signal });

/** The cached first page of a post's page, as `useQuery` takes it. */
export const postQuery = (viewer: string, id: string) =>
  queryOptions({ queryKey: contentKeys.detail(viewer, 'post', id.toLowerCase()), queryFn: ({ signal }) => getPost(id, signal) });

/** A plant's own page, in the shape of a post's page (`post` for `plant`) so that one screen shows both. */
/** A plant with a page of its thread, as the detail screen reads a post (`post` for `plant`). */
export async function getPlant(id: string, signal?: AbortSignal, commentsCursor?: string): Promise<PostDetail> {
  const { plant, comments, responders, commentsCursor: next } = await api.call('GET /api/plant/{id}', { id, ...(commentsCursor ? { commentsCursor } : {}) }, { signal });
  return { post: plant, comments, responders, commentsCursor: next ?? null };
}

/** The cached first page of a plant's page, as `useQuery` takes it. */
export const plantQuery = (viewer: string, id: string) =>
  queryOptions({ queryKey: contentKeys.detail(viewer, 'plant', id.toLowerCase()), queryFn: ({ signal }) => getPlant(id, signal) });

/** Deleting the caller's post or plant, with its comments, reactions and photos. */
export const deletePost = (postId: string, userId: string) => api.call('DELETE /api/iam/posts', { postId, userId });

/** Deletes a post, then takes it out of every cached feed (and its counts) before `onDeleted`. */
export function useDeletePost(onDeleted?: (post: PostView) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, userId }: { post: PostView; userId: string }) => deletePost(post.id, userId),
    onSuccess: (_answer, { post }) => {
      removePost(queryClient, post);
      onDeleted?.(post);
    },
  });
}

/**
 * Saves a post's new text and tags. The card shows the answer at once; since the post moves to
 * the front of its lists, every content list on show and its own page are read again.
 */
export function useEditPost(onSaved?: (post: PostView) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTextAndTags,
    onSuccess: ({ post }) => {
      patchPost(queryClient, post.id, post);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
      onSaved?.(post);
    },
  });
}

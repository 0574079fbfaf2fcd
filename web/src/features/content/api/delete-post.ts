/** Deleting the caller's post or plant, with its comments, reactions and photos. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostView } from '@shared/answers/posts';
import { api } from '@/lib/api';
import { removePost } from './cache';

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

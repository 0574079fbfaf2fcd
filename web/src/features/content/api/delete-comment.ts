/** Deleting the caller's comment with all its replies. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentView } from '@shared/answers/comments';
import { api } from '@/lib/api';
import { patchPost } from './cache';

export const deleteComment = (id: string, userId: string) => api.call('DELETE /api/iam/posts/comment', { id, uuid: userId });

export type DeletedComment = Awaited<ReturnType<typeof deleteComment>>;

/** Deletes a comment of the post `postId`, then sets the post's new comment count wherever the post is cached. */
export function useDeleteComment(postId: string, userId: string, onDeleted?: (deleted: DeletedComment, comment: CommentView) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: CommentView) => deleteComment(comment.id, userId),
    onSuccess: (deleted, comment) => {
      patchPost(queryClient, postId, { commentCount: deleted.commentCount });
      onDeleted?.(deleted, comment);
    },
  });
}

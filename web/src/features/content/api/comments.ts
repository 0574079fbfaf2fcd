/** Comments: adding one (or a reply) and deleting one, each keeping the post's comment count in step wherever it is cached. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentView } from '@shared/answers/comments';
import { api } from '@/lib/api';
import { patchPost } from './cache';

/** Commenting on a post or plant, or replying to a comment. */
export interface NewComment {
  /** The client id of this attempt: kept across retries so that a comment is never made twice. */
  id: string;
  postId: string;
  content: string;
  parent?: { id: string; level: number };
}

export const addComment = ({ id, postId, content, parent }: NewComment) =>
  api.call('POST /api/iam/posts/comment/new', {
    id,
    post_id: postId,
    content,
    ...(parent ? { parent_id: parent.id, level: parent.level + 1 } : { level: 0 }),
  });

export type AddedComment = Awaited<ReturnType<typeof addComment>>;

/** Adds a comment, then sets the post's new comment count wherever the post is cached. */
export function useAddComment({ onSuccess, onError }: { onSuccess?: (added: AddedComment) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (added, { postId }) => {
      patchPost(queryClient, postId, { commentCount: added.commentCount });
      onSuccess?.(added);
    },
    onError,
  });
}

/** Deleting the caller's comment with all its replies. */
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

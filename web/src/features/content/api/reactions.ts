/** Likes on a post or a comment. */
import type { ReactionView } from '@shared/answers/reactions';
import { api } from '@/lib/api';

/**
 * Liking a post or a comment. The like button keeps its own optimistic state (and puts it back
 * when the call fails), so this is a plain call, without a mutation hook.
 */
export type ReactionTarget = { post_id: string } | { comment_id: string };

export const addReaction = async (target: ReactionTarget): Promise<ReactionView> => (await api.call('POST /api/iam/posts/reaction/new', { ...target })).reaction;

/** Undoing a like, by the reaction's id; answers the new count. A plain call, as addReaction above explains. */
export const removeReaction = (id: string) => api.call('DELETE /api/iam/posts/reaction', { id });

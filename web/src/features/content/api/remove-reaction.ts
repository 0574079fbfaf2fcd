/** Undoing a like, by the reaction's id; answers the new count. A plain call, as add-reaction.ts explains. */
import { api } from '@/lib/api';

export const removeReaction = (id: string) => api.call('DELETE /api/iam/posts/reaction', { id });

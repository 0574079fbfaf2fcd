/** The tag tree, interests and "For you" (shared/contract/tags.ts, feeds.ts): queries and their cache keys. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TagView, UserInterests } from '@shared/answers/tags';
import type { InterestType } from '@shared/tag-rules';
import { api } from '@/lib/api';
import type { FeedSource } from '@/lib/feed/feed';
import { contentKeys } from '@/lib/feed/keys';

export const tagKeys = {
  all: ['tags'] as const,
  tree: () => ['tags', 'tree'] as const,
  categories: () => ['tags', 'categories'] as const,
  interests: (userId: string) => ['tags', 'interests', userId] as const,
};

/** Every parent tag with its children (the admin's tree). */
export function useTagTree() {
  return useQuery({ queryKey: tagKeys.tree(), queryFn: ({ signal }) => api.call('GET /api/iam/tags/get-tags-n-children/{id}', { id: 'parents' }, { signal }) });
}

/** The interest categories with their tags. */
export function useInterestCategories() {
  return useQuery({ queryKey: tagKeys.categories(), queryFn: ({ signal }) => api.call('GET /api/iam/tags/interest-cat-tags', {}, { signal }), staleTime: 60_000 });
}

/** A member's interests, most recently followed first. */
export function useInterests(userId: string | null) {
  return useQuery({
    queryKey: tagKeys.interests(userId ?? ''),
    queryFn: ({ signal }) => api.call('GET /api/iam/tags/user-interests/{id}', { id: userId! }, { signal }),
    enabled: !!userId,
  });
}

/** Follow or stop following tags as one kind of interest; the member's interests and "For you" are read again after. */
export function useFollow(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tags, interestType, follow }: { tags: string[]; interestType: InterestType; follow: boolean }) =>
      follow
        ? api.call('POST /api/iam/tags/new-interests', { tagIdArr: tags, interestType })
        : api.call('DELETE /api/iam/tags/delete-interests', { tagIdArr: tags, interestType }),
    // The boxes and buttons change at once; a refusal puts them back.
    onMutate: async ({ tags, interestType, follow }) => {
      const key = tagKeys.interests(userId ?? '');
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<UserInterests>(key);
      if (before) {
        const rest = before.interests.filter((i) => !(i.interestType === interestType && tags.includes(i.tag.name)));
        const added = follow ? tags.map((name) => ({ tag: placeholderTag(name), interestType, followedAt: new Date().toISOString() })) : [];
        queryClient.setQueryData<UserInterests>(key, { ...before, interests: [...added, ...rest] });
      }
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(tagKeys.interests(userId ?? ''), context.before);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tagKeys.interests(userId ?? '') });
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === contentKeys.all[0] && q.queryKey.includes('for-you') });
    },
  });
}

/** A tag as shown until the member's interests are read again. */
function placeholderTag(name: string): TagView {
  return { id: name, name, label: name, description: null, isParent: false, parentName: null, usageCount: 0, createdAt: '', interestCategory: false, childCount: 0, deleting: false };
}

/** "For you": the member's interests' posts and their pages' news. */
export function forYouFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'for-you'),
    load: async (_filter, cursor, signal) => {
      const raw = await api.call('GET /api/iam/posts/for-you', { cursorId: cursor ?? undefined }, { signal });
      return { items: raw.contentItems, counts: null, cursorId: raw.cursorId, owner: null };
    },
  };
}

export const newTag = (tagName: string, isParent: boolean) => api.call('POST /api/iam/tags/new', { tagName, isParent });
export const updateTag = (input: Parameters<typeof api.call<'PUT /api/iam/tags/update'>>[1]) => api.call('PUT /api/iam/tags/update', input);
export const deleteTag = (name: string) => api.call('DELETE /api/iam/tags/{name}', { name });
export const tagByName = (name: string, signal?: AbortSignal) => api.call('GET /api/iam/tags/get-single/{type}/{data}', { type: 'name', data: name }, { signal });

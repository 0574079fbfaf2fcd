/** The user's invites: list them (newest first, cursor paged), create one (its link opens /join?invite=UUID). */
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Invite, InvitePage } from '@shared/answers/users';
import { api } from '@/lib/api';

type Pages = InfiniteData<InvitePage, string | undefined>;

export const invitesQueryKey = ['invites', 'mine'] as const;

/** One page of the caller's invites, newest first. */
export const listInvites = (cursorId: string | undefined, signal?: AbortSignal) => api.call('GET /api/iam/users/invites', { cursorId }, { signal });

export const createInvite = () => api.call('POST /api/iam/users/invites/new');

export function useInvites(enabled = true) {
  return useInfiniteQuery({
    queryKey: invitesQueryKey,
    queryFn: ({ pageParam, signal }) => listInvites(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursorId ?? undefined,
    enabled,
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: (invite) => {
      queryClient.setQueryData<Pages>(invitesQueryKey, (data) => {
        if (!data) return { pages: [{ invites: [invite], cursorId: null }], pageParams: [undefined] };
        const [first, ...rest] = data.pages;
        return { ...data, pages: [{ ...first!, invites: [invite, ...first!.invites.filter((i) => i.uuid !== invite.uuid)] }, ...rest] };
      });
    },
  });
}

/** The link to share: the server's, made absolute on this origin when it is a path. */
export function inviteLink(invite: Invite, origin: string = globalThis.location?.origin ?? ''): string {
  const link = invite.link || `/join?invite=${invite.uuid}`;
  return link.startsWith('/') ? `${origin}${link}` : link;
}

/** Invites: a member's own (list, create; a link opens /join?invite=UUID), and an admin's look at one member's, to switch one off. */
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Invite, InvitePage, MemberInvitePage } from '@shared/answers/users';
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

/** An admin's look at one member's invites (with the member), newest first. */
export const memberInvitesQueryKey = (uuid: string) => ['admin', 'invites', uuid] as const;

export const listMemberInvites = (uuid: string, cursorId: string | undefined, signal?: AbortSignal) =>
  api.call('GET /api/iam/admin/users/{uuid}/invites', { uuid, cursorId }, { signal });

export function useMemberInvites(uuid: string | null) {
  return useInfiniteQuery({
    queryKey: memberInvitesQueryKey(uuid ?? ''),
    queryFn: ({ pageParam, signal }) => listMemberInvites(uuid!, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursorId ?? undefined,
    enabled: uuid !== null,
  });
}

type MemberPages = InfiniteData<MemberInvitePage, string | undefined>;

/** An admin switches an invite on or off; the member's list shows the answer in place. */
export function useSetInviteValidity(memberUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, is_valid }: { uuid: string; is_valid: boolean }) => api.call('PUT /api/iam/users/invites/update-validity/{uuid}', { uuid, is_valid }),
    onSuccess: (invite) => {
      queryClient.setQueryData<MemberPages>(memberInvitesQueryKey(memberUuid), (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, invites: p.invites.map((i) => (i.uuid === invite.uuid ? invite : i)) })) } : data,
      );
    },
  });
}

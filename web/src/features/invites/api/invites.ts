/** The user's invites: list them (newest first, cursor paged), create one (its link opens /join?invite=UUID). */
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface Invite {
  uuid: string;
  is_valid: boolean;
  created_at: string;
  link: string;
  /** How many people signed up with it (when the server says). */
  accepted_count?: number;
}

export interface InvitesPage {
  invites: Invite[];
  cursorId: string | null;
}

type Pages = InfiniteData<InvitesPage, string | undefined>;

export const invitesQueryKey = ['invites', 'mine'] as const;

/** One page; a plain array (an older answer shape) counts as the only page. */
export async function listInvites(cursorId: string | undefined, signal?: AbortSignal): Promise<InvitesPage> {
  const data = await api.get<InvitesPage | Invite[]>('/api/iam/users/invites', { query: { cursorId }, signal });
  return Array.isArray(data) ? { invites: data, cursorId: null } : { invites: data.invites ?? [], cursorId: data.cursorId ?? null };
}

export const createInvite = () => api.post<Invite>('/api/iam/users/invites/new', {});

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

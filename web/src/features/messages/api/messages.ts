/** Messages: the inbox, a conversation, sending, reading, hiding, muting, blocking, and the tally. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ConversationAnswer, InboxAnswer, MessageView } from '@shared/answers/messages';
import type { RouteInput } from '@shared/contract';
import { isUuid } from '@/lib/ids';
import { api, ApiError } from '@/lib/api';
import { messagesKeys } from './keys';

/** The caller's inbox, or a page's they answer for, newest activity first. */
export function useInbox(viewer: string, pageId: string | null) {
  return useInfiniteQuery({
    queryKey: messagesKeys.inbox(viewer, pageId),
    queryFn: ({ pageParam, signal }) => api.call('GET /api/iam/messages/all', { ...(pageId ? { pageId } : {}), ...(pageParam ? { cursorId: pageParam } : {}) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: InboxAnswer) => last.cursorId,
  });
}

/** Whom a handle names (a member or a page). */
export function useMessagee(handle: string, enabled = true) {
  return useQuery({
    queryKey: messagesKeys.messagee(handle),
    queryFn: ({ signal }) => api.call('GET /api/iam/users/user-or-page-messagee-by-handle/{handle}', { handle }, { signal }),
    enabled: enabled && handle.length > 0,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    staleTime: 5 * 60_000,
  });
}

/** Pages whose name starts with `name` (the pages directory's prefix search), for writing to one. */
export function usePagesNamed(name: string) {
  const q = name.trim();
  return useQuery({
    queryKey: [...messagesKeys.all, 'pages-named', q.toLowerCase()],
    queryFn: ({ signal }) => api.call('GET /api/page/get-all/{arg}', { arg: 'all', q }, { signal }),
    enabled: q.length >= 2,
    staleTime: 60_000,
  });
}

/**
 * The conversation of a and b, newest messages first, earlier ones page by page. A conversation
 * that does not exist yet is `null` (it is made by the first message).
 */
export function useConversation(viewer: string, a: string | null, b: string | null) {
  return useInfiniteQuery({
    queryKey: messagesKeys.conversation(viewer, a ?? '', b ?? ''),
    queryFn: async ({ pageParam, signal }): Promise<ConversationAnswer | null> => {
      try {
        return pageParam
          ? await api.call('GET /api/iam/messages/conversation/{a}/{b}/{c}', { a: a!, b: b!, c: pageParam }, { signal })
          : await api.call('GET /api/iam/messages/conversation/{a}/{b}', { a: a!, b: b! }, { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404 && !pageParam) return null;
        throw err;
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last?.cursorId ?? null,
    enabled: !!a && !!b,
  });
}

type ConversationPages = InfiniteData<ConversationAnswer | null, string | null>;

/** Adds a message to a conversation's first page (a frame or a sent message), once. */
export function withMessage(data: ConversationPages | undefined, message: MessageView): ConversationPages | undefined {
  const first = data?.pages[0];
  if (!data || !first) return data;
  const shown = data.pages.flatMap((p) => p?.messages ?? []).find((m) => m.id === message.id);
  if (shown) {
    // A message already shown changes when an admin hides it (the placeholder takes its place), or
    // when its photos' URLs arrive (a frame names photos by id only; the send's answer or a read signs them).
    if (!message.hidden && !(message.photos?.length && !shown.photos?.length)) return data;
    return { ...data, pages: data.pages.map((p) => (p ? { ...p, messages: p.messages.map((m) => (m.id === message.id ? message : m)) } : p)) };
  }
  const messages = [message, ...first.messages].sort((x, y) => (x.createdAt < y.createdAt ? 1 : x.createdAt > y.createdAt ? -1 : 0));
  return { ...data, pages: [{ ...first, messages }, ...data.pages.slice(1)] };
}

export function useStartConversation() {
  return useMutation({
    mutationFn: (input: { kind: 'user'; me: string; other: string } | { kind: 'page'; me: string; pageId: string }) =>
      input.kind === 'user'
        ? api.call('POST /api/iam/messages/new-u-to-u-conversation', { participants: [input.me, input.other] })
        : api.call('POST /api/iam/messages/new-u-to-p-conversation', { userId: input.me, pageId: input.pageId }),
  });
}

export function sendMessage(input: { id: string; conversation_id: string; content: string; photos?: string[] }): Promise<{ message: MessageView }> {
  return api.call('POST /api/iam/messages/new', input);
}

/** A photo's upload for a message (its id is what the message names). */
export const requestMessagePhotoUpload = (input: RouteInput<'POST /api/iam/messages/photo-upload-url'>, signal?: AbortSignal) =>
  api.call('POST /api/iam/messages/photo-upload-url', { ...input }, { signal });

export function markSeen(ids: string[]): Promise<{ unreadMsgsTally: number }> {
  return api.call('PUT /api/messages/mark-as-seen', { msgsArr: ids });
}

export function useHideConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (convnId: string) => api.call('DELETE /api/iam/messages/conversation', { convnId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: messagesKeys.all }),
  });
}

export function useMuteConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { convnId: string; muted: boolean }) => api.call('PUT /api/iam/messages/conversation/mute', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: messagesKeys.all }),
  });
}

export function useBlocks(viewer: string) {
  return useQuery({
    queryKey: messagesKeys.blocks(viewer),
    queryFn: ({ signal }) => api.call('GET /api/iam/blocks', {}, { signal }),
  });
}

/** Blocks (blocked: true) or unblocks a member; every list is read again, as what it may show changed. */
export function useBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; blocked: boolean }) =>
      input.blocked ? api.call('POST /api/iam/blocks/new', { userId: input.userId }) : api.call('DELETE /api/iam/blocks/{userId}', { userId: input.userId }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

/** The start of a message about a listing (`?plant=<id>`): its name and link. */
export function useListingQuote(plantId: string | null): { text: string | undefined; pending: boolean } {
  const valid = !!plantId && isUuid(plantId);
  const plant = useQuery({
    queryKey: ['messages', 'about-plant', plantId],
    queryFn: ({ signal }) => api.call('GET /api/plant/{id}', { id: plantId! }, { signal }),
    enabled: valid,
    retry: false,
  });
  if (!valid) return { text: undefined, pending: false };
  if (plant.isPending) return { text: undefined, pending: true };
  const post = plant.data?.plant;
  if (!post) return { text: undefined, pending: false };
  const title = post.plant?.commonName || post.text.slice(0, 60);
  return { text: `About your listing “${title}”: ${window.location.origin}/plant/${post.id}\n\n`, pending: false };
}

/** Pages: a page's profile, membership (join, leave, requests, roles), creating and changing pages, the directory. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MembershipAnswer, PageDetails, PageView } from '@shared/answers/pages';
import type { RouteInput } from '@shared/contract';
import type { AssignablePageRole } from '@shared/page-roles';
import type { FeedSource } from '@/lib/feed/feed';
import { contentKeys } from '@/lib/feed/keys';
import { api } from '@/lib/api';

export const pagesKeys = {
  all: ['pages'] as const,
  details: (viewer: string, handle: string) => ['pages', 'details', viewer, handle.toLowerCase()] as const,
  byId: (viewer: string, id: string) => ['pages', 'id', viewer, id] as const,
  members: (id: string) => ['pages', 'members', id] as const,
  requests: (id: string) => ['pages', 'requests', id] as const,
  directory: (viewer: string, arg: string, q: string) => ['pages', 'directory', viewer, arg, q] as const,
};

export function usePageDetails(viewer: string, handle: string, enabled = true) {
  return useQuery({
    queryKey: pagesKeys.details(viewer, handle),
    queryFn: ({ signal }) => api.call('GET /api/page/all-details/{handle}', { handle }, { signal }),
    enabled,
  });
}

/** A page's members, 20 at a time (`fetchNextPage` for more). */
export function usePageMembers(pageId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: pagesKeys.members(pageId),
    queryFn: ({ pageParam, signal }) => api.call('GET /api/iam/pages/members/{pageId}', pageParam ? { pageId, cursorId: pageParam } : { pageId }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursorId,
    enabled,
  });
}

/** A page's open join requests, oldest first, 20 at a time (`fetchNextPage` for more). */
export function useJoinRequests(pageId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: pagesKeys.requests(pageId),
    queryFn: ({ pageParam, signal }) =>
      api.call('GET /api/iam/pages/join-requests/{pageId}', pageParam ? { pageId, cursorId: pageParam } : { pageId }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursorId,
    enabled,
  });
}

/** After a membership change every page list and profile is out of date (counts, buttons). */
function useRefreshPages() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'pages' || q.queryKey[0] === 'nearby' || q.queryKey[0] === 'near-you' });
}

export function useMembership() {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: ({ pageId, action }: { pageId: string; action: 'join' | 'leave' }): Promise<MembershipAnswer> =>
      action === 'join' ? api.call('POST /api/iam/pages/join', { pageId }) : api.call('POST /api/iam/pages/leave', { pageId }),
    onSuccess: () => void refresh(),
  });
}

type StaffAction =
  | { action: 'approve' | 'decline' | 'invite' | 'remove'; pageId: string; userId: string }
  | { action: 'role'; pageId: string; userId: string; role: AssignablePageRole };

export function useStaffAction() {
  const refresh = useRefreshPages();
  return useMutation({
    mutationFn: (a: StaffAction): Promise<MembershipAnswer> => {
      const who = { pageId: a.pageId, userId: a.userId };
      switch (a.action) {
        case 'approve':
          return api.call('POST /api/iam/pages/approve-request', who);
        case 'decline':
          return api.call('POST /api/iam/pages/decline-request', who);
        case 'invite':
          return api.call('POST /api/iam/pages/invite', who);
        case 'remove':
          return api.call('DELETE /api/iam/pages/member', who);
        case 'role':
          return api.call('PUT /api/iam/pages/member-role', { ...who, role: a.role });
      }
    },
    onSuccess: () => void refresh(),
  });
}

export type NewPageBody = RouteInput<'POST /api/iam/pages/new'>;
export type PageUpdateBody = RouteInput<'PUT /api/iam/pages/update'>;
export type PageSettingsBody = RouteInput<'PUT /api/iam/pages/update-page-settings'>;

export const createPage = async (body: NewPageBody): Promise<PageView> => (await api.call('POST /api/iam/pages/new', body)).page;
export const updatePage = async (body: PageUpdateBody): Promise<PageView> => (await api.call('PUT /api/iam/pages/update', body)).page;
export const updatePageSettings = async (body: PageSettingsBody): Promise<PageView> => (await api.call('PUT /api/iam/pages/update-page-settings', body)).page;
export const changePageTags = async (pageId: string, add: string[], remove: string[]): Promise<PageView | null> => {
  let page: PageView | null = null;
  if (add.length) page = (await api.call('POST /api/iam/pages/connect-tags', { pageId, tagIdArr: add })).page;
  if (remove.length) page = (await api.call('POST /api/iam/pages/disconnect-tags', { pageId, tagIdArr: remove })).page;
  return page;
};
export const deletePage = (pageId: string) => api.call('DELETE /api/iam/pages/page', { pageId });
export const tellAdminsAboutPage = (pageId: string) => api.call('POST /api/iam/emails/new-page', { pageId });
export const requestPageImageUpload = (input: RouteInput<'POST /api/iam/pages/image-upload'>) => api.call('POST /api/iam/pages/image-upload', input);

/** The directory (all pages, or a tag's), by name, 20 at a time. */
export function usePageDirectory(viewer: string, arg: string, q: string) {
  return useInfiniteQuery({
    queryKey: pagesKeys.directory(viewer, arg, q),
    queryFn: ({ pageParam, signal }) => api.call('GET /api/page/get-all/{arg}', { arg, ...(q ? { q } : {}), ...(pageParam ? { cursorId: pageParam } : {}) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursorId,
  });
}

/** Which answer of all-details each news feed has already shown (by its cache key). */
const shownDetails = new Map<string, number>();

/**
 * A page's news as the Feed reads it. The first page is the one all-details answered (no request
 * of its own; the page's staff see everything, members what is for members, guests what is
 * public); a reload of it (after posting) asks all-details again, and further pages come from
 * `GET /api/posts/more/by-page/{pageId}`.
 */
export function pageNewsSource(client: QueryClient, viewer: string, handle: string, pageId: string): FeedSource {
  const detailsKey = pagesKeys.details(viewer, handle);
  const shownKey = JSON.stringify(detailsKey);
  return {
    key: contentKeys.feed(viewer, 'page', pageId),
    load: async (_filter, cursor, signal) => {
      if (cursor) {
        const more = await api.call('GET /api/posts/more/by-page/{arg}', { arg: pageId, cursorId: cursor }, { signal });
        return { items: more.posts, cursorId: more.cursorId, counts: null, owner: null };
      }
      const state = client.getQueryState<PageDetails>(detailsKey);
      const details =
        state?.data && state.dataUpdatedAt > (shownDetails.get(shownKey) ?? 0)
          ? state.data
          : await client.fetchQuery({
              queryKey: detailsKey,
              queryFn: ({ signal: s }) => api.call('GET /api/page/all-details/{handle}', { handle }, { signal: s }),
              staleTime: 0,
            });
      shownDetails.set(shownKey, client.getQueryState(detailsKey)?.dataUpdatedAt ?? Date.now());
      const { postsAll, plantsAll, plantsAvail, news } = details.counts;
      return { items: details.posts, cursorId: details.cursorId, counts: { postsAll, plantsAll, plantsAvail, news }, owner: null };
    },
  };
}

/** The plants listed as the page, newest first, for signed-in readers (as they may see them). */
export function pagePlantsSource(viewer: string, pageId: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'page-plants', pageId),
    load: async (_filter, cursor, signal) => {
      const page = await api.call('GET /api/iam/pages/morepostsbypage/{a}/{b}/{c}', { a: pageId, b: 'plant', c: cursor ?? 'first' }, { signal });
      return { items: page.posts, cursorId: page.cursorId, counts: null, owner: null };
    },
  };
}

/** Who a handle names (a member or a page), to invite a member by username. */
export const ownerByHandle = async (handle: string) => (await api.call('GET /api/iam/user-or-page-basic/{x}', { x: handle })).owner;

/** Test data and a small render helper for the content components (tests only). */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { CommentView, Responder } from '@shared/answers/comments';
import type { PostView } from '@shared/answers/posts';
import type { FeedCounts, PostDetail } from '@shared/answers/feeds';
import { wireSession } from '@/app/session-wiring';
import { authStore } from '@/lib/auth/auth-store';
import type { AuthState } from '@/lib/auth/types';
import { createQueryClient } from '@/lib/query-client';
import { AUTH, makeUser } from '@/testing/render-route';

export const MEMBER_ID = makeUser().uuid;
export const OTHER_ID = '7a2d3c4b-5e6f-4a1b-8c9d-0e1f2a3b4c5d';

/** A UUID from a small number, so that tests read easily. */
export const uuid = (n: number, prefix = '1') => `${prefix.repeat(8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makePost(overrides: Partial<PostView> = {}): PostView {
  return {
    id: uuid(1),
    kind: 'post',
    type: 'text/image',
    privacy: 'public',
    text: 'My fern finally unfurled a new frond.',
    tags: ['ferns'],
    photos: [],
    plant: null,
    available: false,
    owner: { type: 'user', id: OTHER_ID, handle: 'moss_lover', name: 'mary-jane MOSS', avatar: null },
    authorId: OTHER_ID,
    reactionCount: 1233,
    commentCount: 2,
    myReactionId: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

export function makePlant(overrides: Partial<PostView> = {}): PostView {
  return makePost({
    id: uuid(2),
    kind: 'plant',
    type: 'plant/image',
    text: 'Cuttings from my big one.',
    tags: ['monstera'],
    photos: [{ key: `images/posts/${uuid(2)}/${uuid(9, 'a')}.jpg`, small: null, width: null, height: null, description: 'A rooted cutting in water' }],
    plant: { commonName: 'swiss cheese plant', botanicalName: 'MONSTERA DELICIOSA', availability: 'Available to swap', size: 'Small', price: '$10' },
    available: true,
    ...overrides,
  });
}

export const mine = (post: PostView): PostView => ({
  ...post,
  authorId: MEMBER_ID,
  owner: { type: 'user', id: MEMBER_ID, handle: 'fern_fan', name: 'Fern Gully', avatar: null },
});

export function makeComment(id: string, overrides: Partial<CommentView> = {}): CommentView {
  return {
    id,
    postId: uuid(1),
    parentId: null,
    level: 0,
    content: `Comment ${id}`,
    author: { uuid: OTHER_ID, username: 'moss_lover', name: 'Mary-Jane Moss', avatar: null },
    reactionCount: 0,
    myReactionId: null,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

export const COUNTS: FeedCounts = { postsAll: 1234, plantsAll: 56, plantsAvail: 7, news: 0 };

export const feedAnswer = (list: 'contentItems' | 'posts' | 'plants', items: PostView[], cursorId: string | null = null, extra: Record<string, unknown> = {}) => ({
  [list]: items,
  counts: COUNTS,
  cursorId,
  ...extra,
});

/** A member's small card; the name made from the username ('moss_lover' → 'Moss Lover') unless given. */
export const responder = (n: number, username: string, name = username.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ')): Responder => ({
  uuid: uuid(n, '5'),
  username,
  name,
  avatar: null,
});

export function makeDetail(overrides: Partial<PostDetail> = {}): PostDetail {
  return { post: makePost(), comments: [], responders: [], commentsCursor: null, ...overrides };
}

/** Renders a component inside a router and a fresh query client, signed in as asked. */
export function renderContent(ui: ReactNode, options: { auth?: Partial<AuthState>; path?: string } = {}) {
  authStore.set({ ...(options.auth ?? AUTH.member) });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  const queryClient = createQueryClient();
  wireSession(router, queryClient);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

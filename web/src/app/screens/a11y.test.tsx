/**
 * axe-core over the identity screens in their main states: no critical or serious violations.
 * (happy-dom has no layout, so colour contrast is left to the browser journeys and Lighthouse.)
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@shared/schemas/users';
import { feedAnswer, makeComment, makeDetail, makePlant, makePost, MEMBER_ID, mine, responder, uuid } from '@/features/content/testing';
import { press } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

// The composer is checked with its own feature; here it only takes its place above the feed.
vi.mock('@/features/compose/components/composer', () => ({ Composer: () => <p>Composer</p> }));

async function violations() {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const USERS = { users: [{ uuid: '00000000-0000-4000-8000-000000000001', email: 'a@example.com', username: 'a_user', first_name: 'A', last_name: 'User', created_at: '2025-01-01T00:00:00Z', suspended: false, is_admin: false, email_verified: true }], cursorId: 'next' };

describe('accessibility of the identity screens', () => {
  it.each([
    ['/auth/login', AUTH.guest],
    ['/auth/signup?invite=0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10', AUTH.guest],
    ['/auth/verify', AUTH.unverified],
    ['/auth/reset', AUTH.guest],
    ['/auth/sms', AUTH.member],
    ['/auth/register', AUTH.unregistered],
    ['/auth/suspended', AUTH.member],
    ['/auth/account-deleted', AUTH.guest],
    ['/welcome', AUTH.member],
    ['/join', AUTH.guest],
    ['/settings', AUTH.member],
    ['/user/invites', AUTH.member],
    ['/admin', AUTH.admin],
    ['/admin/users/registered', AUTH.admin],
    ['/admin/settings', AUTH.admin],
    ['/admin/email', AUTH.admin],
  ] as const)('%s', async (path, auth) => {
    serve({
      'GET /api/iam/refresh-tokens': () =>
        success([{ id: '11111111-1111-4111-8111-111111111111', device: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0', created_at: '2025-01-01T00:00:00Z', last_used_at: '2025-01-02T00:00:00Z', current: true }]),
      'GET /api/iam/users/user-settings': () => success(DEFAULT_USER_SETTINGS),
      'GET /api/iam/users/invites': () => success({ invites: [{ uuid: '0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10', is_valid: true, created_at: '2025-01-01T00:00:00Z', accepted_count: 0, link: '/join?invite=x' }], cursorId: null }),
      'GET /api/iam/users/all/complete': () => success(USERS),
      'GET /api/iam/admin/users-without-location': () => success(USERS),
      'GET /api/location/from-ip': () => success({ latitude: 1, longitude: 2, suburb_city: 'A', state: 'B', country: 'C' }),
    });
    const { queryClient } = renderRoute(path, { auth });
    await screen.findByRole('heading', { level: 1 });
    // Every query answered and rendered before axe reads the page.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(await violations()).toEqual([]);
  });

  it('a form showing its errors', async () => {
    serve({});
    renderRoute('/auth/signup', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1 });
    press('Create account');
    expect(await violations()).toEqual([]);
  });

  it('the delete-account dialog', async () => {
    serve({ 'GET /api/iam/users/user-settings': () => success(DEFAULT_USER_SETTINGS) });
    renderRoute('/settings', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    expect(await violations()).toEqual([]);
  });
});

describe('accessibility of the content screens', () => {
  const photos = [
    { key: `images/posts/${uuid(1)}/${uuid(1, 'a')}.jpg`, small: null, width: null, height: null, description: 'A new frond' },
    { key: `images/posts/${uuid(1)}/${uuid(2, 'a')}.jpg`, small: null, width: null, height: null, description: null },
    { key: `images/posts/${uuid(1)}/${uuid(3, 'a')}.jpg`, small: null, width: null, height: null, description: 'Spores' },
    { key: `images/posts/${uuid(1)}/${uuid(4, 'a')}.jpg`, small: null, width: null, height: null, description: null },
    { key: `images/posts/${uuid(1)}/${uuid(5, 'a')}.jpg`, small: null, width: null, height: null, description: null },
  ];
  const owner = { type: 'user' as const, id: uuid(7), handle: 'moss_lover', name: 'Mary-Jane Moss', avatar: null };
  const items = [makePost({ photos }), makePlant(), mine(makePost({ id: uuid(3), privacy: 'members' }))];
  const comments = [
    makeComment(uuid(1, 'c')),
    makeComment(uuid(2, 'c'), { parentId: uuid(1, 'c'), level: 1, author: { uuid: MEMBER_ID, username: 'fern_fan', name: 'Fern Gully', avatar: null } }),
    makeComment(uuid(3, 'c'), { parentId: uuid(2, 'c'), level: 2 }),
  ];
  const routes = () =>
    serve({
      'GET /api/content-items/recent': () => success(feedAnswer('contentItems', items, 'next')),
      [`GET /api/post/${uuid(1)}`]: () => success(makeDetail({ post: makePost({ photos }), comments, responders: [responder(1, 'moss_lover')] })),
      [`GET /api/plant/${uuid(2)}`]: () => success({ plant: makePlant({ plant: { commonName: 'fern', availability: 'Available to swap', careNotes: 'Keep moist', size: 'Small' } }), comments, responders: [] }),
      'GET /api/posts/moss_lover': () => success(feedAnswer('posts', items, null, { owner })),
      [`GET /api/user/get-user-by-uuid/${uuid(7)}`]: () =>
        success({
          uuid: uuid(7), username: 'moss_lover', first_name: 'Mary-Jane', last_name: 'Moss', avatar: null, bio: 'Mosses on a shady balcony.',
          suburb_city: 'Newtown', state: 'NSW', country: 'Australia', motivations: ['swap'], phone_verified: true, member_since: '2025-03-14T09:00:00.000Z',
          pages: [{ id: uuid(8), handle: 'wattle_lane', name: 'Wattle Lane Garden' }],
        }),
      [`GET /api/iam/plantsbyuser/${MEMBER_ID}/plantsAll/20`]: () => success(feedAnswer('plants', [mine(makePlant())])),
      'GET /api/iam/posts/bymyuser/first': () => success(feedAnswer('posts', [mine(makePost({ privacy: 'private' }))])),
      [`GET /api/iam/usercounts/byuser/${MEMBER_ID}`]: () => success({ counts: { postsAll: 1, plantsAll: 1, plantsAvail: 1, news: 0 } }),
      'GET /api/posts/tag/ferns': () => success(feedAnswer('contentItems', items)),
    });

  it.each([
    ['/', AUTH.guest],
    ['/', AUTH.member],
    [`/post/${uuid(1)}`, AUTH.member],
    [`/post/${uuid(1)}`, AUTH.guest],
    [`/plant/${uuid(2)}`, AUTH.guest],
    ['/moss_lover', AUTH.member],
    ['/tag/ferns', AUTH.guest],
    ['/profile', AUTH.member],
    ['/profile/plants', AUTH.member],
    ['/_recent-plants', AUTH.guest],
    ['/nearby/plants', AUTH.member],
  ] as const)('%s', async (path, auth) => {
    routes();
    const { queryClient } = renderRoute(path, { auth });
    await screen.findByRole('heading', { level: 1 });
    await screen.findAllByRole('article');
    // Every query answered and rendered before axe reads the page.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(await violations()).toEqual([]);
  });

  it('an open reply form, owner menu and delete dialog', async () => {
    routes();
    renderRoute('/', { auth: AUTH.member });
    // Every card has a menu (others' posts offer Report): open the one of the member's own post.
    const menus = await screen.findAllByRole('button', { name: 'Actions for this post' });
    const own = menus.find((button) => {
      fireEvent.click(button);
      if (screen.queryByRole('menuitem', { name: 'Delete' })) return true;
      fireEvent.click(button);
      return false;
    });
    expect(own).toBeDefined();
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(await violations()).toEqual([]);
  });

  it('a reply form under a comment', async () => {
    routes();
    renderRoute(`/post/${uuid(1)}`, { auth: AUTH.member });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Reply to Mary-Jane Moss' }))[0]!);
    expect(await violations()).toEqual([]);
  });
});

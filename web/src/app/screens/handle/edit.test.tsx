import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PageView } from '@shared/answers/pages';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const PAGE: PageView = {
  id: '0a0b0c0d-1111-4222-8333-444455556666', handle: 'wattle_lane_garden', name: 'Wattle Lane Community Garden', category: 'group',
  avatar: 'images/pages/0a0b0c0d-1111-4222-8333-444455556666/11111111-2222-4333-8444-555555555555.jpg',
  cover: 'images/pages/0a0b0c0d-1111-4222-8333-444455556666/22222222-2222-4333-8444-555555555555.jpg',
  place: 'Newtown, New South Wales, Australia', memberCount: 3, openness: 'open', my: { status: 'member', role: 'creator' },
  about: 'Plots, compost and Sunday working bees.', tags: [], location: null, addressPublic: false, postingRole: 'moderator', requestCount: 0, createdAt: '2026-01-01T00:00:00.000Z',
};

describe('/:handle/edit: details', () => {
  it('changes the category and removes the avatar and cover, sending only what changed', async () => {
    const api = serve({
      [`GET /api/page/all-details/${PAGE.handle}`]: () => success({ page: PAGE, posts: [], cursorId: null, counts: { postsAll: 0, plantsAll: 0, plantsAvail: 0, upcomingEvents: 0 }, events: [], event_locations: [], swapRecord: { completed: 0, positiveShare: null, reviews: [] } }),
      'PUT /api/iam/pages/update': (call) => success({ page: { ...PAGE, ...(call.body as object), avatar: null, cover: null, category: 'organisation' } }),
    });
    renderRoute(`/${PAGE.handle}/edit`, { auth: AUTH.member });
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByRole('img', { name: 'The page\'s cover photo' })).toBeTruthy();
    fireEvent.click(within(details).getByRole('radio', { name: /an organisation/ }));
    fireEvent.click(within(details).getByRole('checkbox', { name: 'Remove the avatar' }));
    fireEvent.click(within(details).getByRole('checkbox', { name: 'Remove the cover photo' }));
    fireEvent.click(within(details).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(api.to('PUT /api/iam/pages/update')).toHaveLength(1));
    expect(api.to('PUT /api/iam/pages/update')[0]!.body).toMatchObject({ pageId: PAGE.id, category: 'organisation', avatar: null, cover: null });
    expect(api.to('PUT /api/iam/pages/update')[0]!.body).not.toHaveProperty('handle');
    expect(await within(details).findByText('Saved.')).toBeTruthy();
  });
});

describe('/:handle/edit: join requests', () => {
  it('shows the first 20 requests and pages on with "Show more requests"', async () => {
    const requester = (i: number) => ({
      user: { uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, username: `grower_${i}`, name: null, avatar: null },
      since: '2026-02-01T00:00:00.000Z',
    });
    const api = serve({
      [`GET /api/page/all-details/${PAGE.handle}`]: () =>
        success({ page: { ...PAGE, openness: 'request', requestCount: 21 }, posts: [], cursorId: null, counts: { postsAll: 0, plantsAll: 0, plantsAvail: 0, upcomingEvents: 0 }, events: [], event_locations: [], swapRecord: { completed: 0, positiveShare: null, reviews: [] } }),
      [`GET /api/iam/pages/join-requests/${PAGE.id}`]: (call) =>
        call.url.includes('cursorId=')
          ? success({ requests: [requester(21)], cursorId: null })
          : success({ requests: Array.from({ length: 20 }, (_, i) => requester(i + 1)), cursorId: 'next-20' }),
    });
    renderRoute(`/${PAGE.handle}/edit`, { auth: AUTH.member });
    const section = await screen.findByRole('region', { name: 'Join requests' });
    expect(await within(section).findByText('@grower_20')).toBeTruthy();
    expect(within(section).queryByText('@grower_21')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Show more requests' }));
    expect(await within(section).findByText('@grower_21')).toBeTruthy();
    expect(api.to(`GET /api/iam/pages/join-requests/${PAGE.id}`).map((c) => new URL(c.url, 'http://x').searchParams.get('cursorId'))).toEqual([null, 'next-20']);
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Show more requests' })).toBeNull());
  });
});

describe('/:handle/edit: members and settings', () => {
  const member = (i: number, role: PageView['my']['role']) => ({
    user: { uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, username: `grower_${i}`, name: null, avatar: null },
    role,
    since: '2026-02-01T00:00:00.000Z',
  });
  const members = [member(1, 'creator'), member(2, 'admin'), member(3, 'moderator'), member(4, 'member')];
  const details = (page: PageView) => () => success({ page, posts: [], cursorId: null, counts: { postsAll: 0, plantsAll: 0, plantsAvail: 0, upcomingEvents: 0 }, events: [], event_locations: [], swapRecord: { completed: 0, positiveShare: null, reviews: [] } });
  const row = (section: HTMLElement, username: string) => within(section).getByText(`@${username}`).closest('li')!;

  it('an admin sets anyone\'s role but the founder\'s, removes them, and pages on with "Show more members"', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const api = serve({
      [`GET /api/page/all-details/${PAGE.handle}`]: details(PAGE),
      [`GET /api/iam/pages/members/${PAGE.id}`]: (call) =>
        call.url.includes('cursorId=') ? success({ members: [member(5, 'member')], cursorId: null }) : success({ members, cursorId: 'next-4' }),
      'DELETE /api/iam/pages/member': (call) => success({ ...(call.body as { pageId: string; userId: string }), membership: { status: 'none', role: null }, memberCount: 4 }),
    });
    renderRoute(`/${PAGE.handle}/edit`, { auth: AUTH.member });
    const section = await screen.findByRole('region', { name: 'Members and roles' });
    await within(section).findByText('@grower_4');
    expect(within(row(section, 'grower_1')).getByText('Founder')).toBeTruthy();
    expect(within(row(section, 'grower_1')).queryByRole('button', { name: 'Remove' })).toBeNull();
    for (const [i, role] of [[2, 'admin'], [3, 'moderator'], [4, 'member']] as const) {
      const select = within(row(section, `grower_${i}`)).getByRole('combobox', { name: `Role of @grower_${i}` }) as HTMLSelectElement;
      expect(within(select).getAllByRole('option').map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([['admin', 'Admin'], ['moderator', 'Moderator'], ['member', 'Member']]);
      expect(select.value).toBe(role);
      expect(within(row(section, `grower_${i}`)).getByRole('button', { name: 'Remove' })).toBeTruthy();
    }
    fireEvent.click(within(row(section, 'grower_2')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.to('DELETE /api/iam/pages/member')).toHaveLength(1));
    expect(confirm).toHaveBeenCalledWith(`Remove @grower_2 from ${PAGE.name}?`);
    expect(api.to('DELETE /api/iam/pages/member')[0]!.body).toMatchObject({ pageId: PAGE.id, userId: members[1]!.user.uuid });
    fireEvent.click(within(section).getByRole('button', { name: 'Show more members' }));
    expect(await within(section).findByText('@grower_5')).toBeTruthy();
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Show more members' })).toBeNull());

    const settings = screen.getByRole('region', { name: 'Settings' });
    const options = (name: string) => within(within(settings).getByRole('combobox', { name })).getAllByRole('option').map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options('Who can join')).toEqual([['open', 'Anyone can join'], ['moderated', 'People ask; admins and moderators approve'], ['invite', 'Invitation only']]);
    expect(options('Who can post news as the page')).toEqual([['admin', 'Admins'], ['moderator', 'Admins and moderators'], ['member', 'Every member']]);
  });

  it('a moderator removes plain members only, and sees the others\' roles', async () => {
    serve({
      [`GET /api/page/all-details/${PAGE.handle}`]: details({ ...PAGE, my: { status: 'member', role: 'moderator' } }),
      [`GET /api/iam/pages/members/${PAGE.id}`]: () => success({ members, cursorId: null }),
    });
    renderRoute(`/${PAGE.handle}/edit`, { auth: AUTH.member });
    const section = await screen.findByRole('region', { name: 'Members and roles' });
    await within(section).findByText('@grower_4');
    expect(within(section).queryByRole('combobox')).toBeNull();
    expect(within(row(section, 'grower_1')).getByText('Founder')).toBeTruthy();
    expect(within(row(section, 'grower_2')).getByText('admin')).toBeTruthy();
    expect(within(row(section, 'grower_3')).getByText('moderator')).toBeTruthy();
    expect(within(section).getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
    expect(within(row(section, 'grower_4')).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Show more members' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Settings' })).toBeNull();
  });
});

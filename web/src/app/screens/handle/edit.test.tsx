import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
      [`GET /api/page/all-details/${PAGE.handle}`]: () => success({ page: PAGE, posts: [], cursorId: null, counts: { postsAll: 0, plantsAll: 0, plantsAvail: 0, upcomingEvents: 0 }, events: [], event_locations: [] }),
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
        success({ page: { ...PAGE, openness: 'request', requestCount: 21 }, posts: [], cursorId: null, counts: { postsAll: 0, plantsAll: 0, plantsAvail: 0, upcomingEvents: 0 }, events: [], event_locations: [] }),
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

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

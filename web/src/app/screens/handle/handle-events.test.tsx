import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageView } from '@shared/answers/pages';
import { feedAnswer } from '@/features/content/testing';
import { makeCard } from '@/features/events/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const PAGE: PageView = {
  id: '0a0b0c0d-1111-4222-8333-444455556666', handle: 'swap_club', name: 'Swap Club', category: 'group', avatar: null, cover: null,
  place: 'Newtown, New South Wales, Australia', memberCount: 3, openness: 'open', my: { status: 'member', role: 'member' },
  about: '', tags: [], location: null, addressPublic: false, postingRole: 'moderator', requestCount: 0, createdAt: '2026-01-01T00:00:00.000Z',
};
const owner = { type: 'page' as const, id: PAGE.id, handle: PAGE.handle, name: PAGE.name, avatar: null };

function serveAs(role: PageView['my']['role']) {
  const card = makeCard({ event: { title: 'Cutting swap', owner } });
  serve({
    [`GET /api/posts/${PAGE.handle}`]: () => success(feedAnswer('posts', [], null, { owner })),
    [`GET /api/page/all-details/${PAGE.handle}`]: () => success({ page: { ...PAGE, my: { status: 'member', role } }, posts: [], cursorId: null, counts: { postsAll: 0, plantsAll: 0, plantsAvail: 0, upcomingEvents: 1 }, events: [], event_locations: [], swapRecord: { completed: 0, positiveShare: null, reviews: [] } }),
    [`GET /api/page/events/${PAGE.handle}`]: () => success({ dates: [card], cursorId: null }),
  });
}

describe('/:handle/events for a page', () => {
  it('offers "New event" to the page\'s moderators and admins', async () => {
    serveAs('moderator');
    renderRoute(`/${PAGE.handle}/events`, { auth: AUTH.member });
    expect(await screen.findByRole('link', { name: 'New event' })).toBeTruthy();
  });

  it('does not offer it to a plain member, and names the organiser by name on the cards', async () => {
    serveAs('member');
    renderRoute(`/${PAGE.handle}/events`, { auth: AUTH.member });
    expect(await screen.findByRole('link', { name: /Cutting swap/ })).toBeTruthy();
    expect(screen.getByText(/by Swap Club/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New event' })).toBeNull();
  });
});

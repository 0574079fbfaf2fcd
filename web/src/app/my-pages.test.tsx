/**
 * The pages a member belongs to are one cached query, read by every screen that lists them (the
 * inbox's "My pages", the plant form's "List as"): what one screen loads the other reads, and a
 * membership change made anywhere reaches them, and the events screen's dates of those pages.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MembershipAnswer, PageCard } from '@shared/answers/pages';
import type { InboxAnswer } from '@shared/answers/messages';
import { useMembership } from '@/features/pages/api/pages';
import { stubPhotoPlatform } from '@/features/compose/testing';
import { makeCard } from '@/features/events/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const ME = AUTH.member.user.uuid;
const MY_PAGES = `GET /api/iam/pages/get-all-by-user/${ME}`;
const PAGE_ID = '0a0b0c0d-1111-4222-8333-444455556667';
const NURSERY: PageCard = {
  id: PAGE_ID,
  handle: 'fern_nursery',
  name: 'Fern Nursery',
  category: 'group',
  avatar: null,
  place: null,
  memberCount: 3,
  openness: 'open',
  my: { status: 'member', role: 'moderator' },
};
const EMPTY_INBOX: InboxAnswer = {
  conversations: [],
  cursorId: null,
  unreadMsgsTally: 0,
  unread: { conversationsNotOnMyPages: [], conversationsOnMyPages: [], users: [], pages: [] },
};

const ORIGIN = { latitude: -33.8978, longitude: 151.1785, suburb_city: 'Newtown', state: 'New South Wales', country: 'Australia', source: 'profile' };
const LEFT: MembershipAnswer = { pageId: PAGE_ID, userId: ME, membership: { status: 'none', role: null }, memberCount: 2 };

async function openInboxPages() {
  fireEvent.click(await screen.findByRole('tab', { name: 'My pages' }));
}

/** Leaves the page as its profile does, over the screen's own query client. */
async function leave(queryClient: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useMembership(), { wrapper });
  await act(() => result.current.mutateAsync({ pageId: PAGE_ID, action: 'leave' }));
}

describe("the member's pages", () => {
  beforeEach(() => {
    stubPhotoPlatform();
  });

  it('are loaded once for the inbox and the plant form', async () => {
    const api = serve({
      [MY_PAGES]: () => success({ pages: [NURSERY], cursorId: null }),
      'GET /api/iam/messages/all': () => success(EMPTY_INBOX),
    });
    const { router } = renderRoute('/messages', { auth: AUTH.member });
    await openInboxPages();
    expect(await screen.findByText('Fern Nursery')).toBeTruthy();

    await act(() => router.navigate('/profile/plants/create'));
    const listAs = (await screen.findByLabelText('List as')) as HTMLSelectElement;
    expect([...listAs.options].map((o) => o.textContent)).toContain('Fern Nursery');
    expect(api.to(MY_PAGES)).toHaveLength(1);
  });

  it('leaving a page (as its profile does) takes it out of the inbox\'s pages', async () => {
    let pages: PageCard[] = [NURSERY];
    const api = serve({
      [MY_PAGES]: () => success({ pages, cursorId: null }),
      'GET /api/iam/messages/all': () => success(EMPTY_INBOX),
      'POST /api/iam/pages/leave': () => {
        pages = [];
        return success(LEFT);
      },
    });
    const { queryClient } = renderRoute('/messages', { auth: AUTH.member });
    await openInboxPages();
    expect(await screen.findByText('Fern Nursery')).toBeTruthy();

    await leave(queryClient);
    expect(await screen.findByText(/You answer no page's messages/)).toBeTruthy();
    await waitFor(() => expect(api.to(MY_PAGES)).toHaveLength(2));
  });

  it('leaving a page takes its dates out of the events screen\'s "From your pages"', async () => {
    const page = { id: PAGE_ID, handle: NURSERY.handle, name: NURSERY.name };
    const swap = makeCard({ event: { title: 'Cutting swap', owner: { type: 'page', ...page, avatar: null } }, date: { startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString() } });
    let dates = [swap];
    const api = serve({
      'GET /api/nearby/near-you': () => success({ origin: ORIGIN, radius_km: 20, plants: [], pages: [], events: [] }),
      'GET /api/events/nearby': () => success({ events: [], radius_km: 20 }),
      'GET /api/events/all/nearby': () => success({ dates: [], radius_km: 20 }),
      'GET /api/iam/events/my-pages': () => success({ dates }),
      'POST /api/iam/pages/leave': () => {
        dates = [];
        return success(LEFT);
      },
    });
    const { queryClient } = renderRoute('/events', { auth: AUTH.member });
    expect(await screen.findByRole('region', { name: 'From your pages' })).toBeTruthy();

    await leave(queryClient);
    await waitFor(() => expect(api.to('GET /api/iam/events/my-pages')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'From your pages' })).toBeNull());
  });
});

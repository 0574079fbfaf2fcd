/**
 * The pages a member belongs to are one cached query, read by every screen that lists them (the
 * inbox's "My pages", the plant form's "List as"): what one screen loads the other reads, and a
 * membership change made anywhere reaches both.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MembershipAnswer, PageCard } from '@shared/answers/pages';
import type { InboxAnswer } from '@shared/answers/messages';
import { useMembership } from '@/features/pages/api/pages';
import { stubPhotoPlatform } from '@/features/compose/testing';
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

async function openInboxPages() {
  fireEvent.click(await screen.findByRole('tab', { name: 'My pages' }));
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
    const left: MembershipAnswer = { pageId: PAGE_ID, userId: ME, membership: { status: 'none', role: null }, memberCount: 2 };
    const api = serve({
      [MY_PAGES]: () => success({ pages, cursorId: null }),
      'GET /api/iam/messages/all': () => success(EMPTY_INBOX),
      'POST /api/iam/pages/leave': () => {
        pages = [];
        return success(left);
      },
    });
    const { queryClient } = renderRoute('/messages', { auth: AUTH.member });
    await openInboxPages();
    expect(await screen.findByText('Fern Nursery')).toBeTruthy();

    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useMembership(), { wrapper });
    await act(() => result.current.mutateAsync({ pageId: PAGE_ID, action: 'leave' }));
    expect(await screen.findByText(/You answer no page's messages/)).toBeTruthy();
    await waitFor(() => expect(api.to(MY_PAGES)).toHaveLength(2));
  });
});

/** The inbox screen: rows, tabs for the unread collections (with the keyboard), a page's inbox, an empty inbox, and "New message". */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationRow, InboxAnswer, Party } from '@shared/answers/messages';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const ME: Party = { type: 'user', id: '6f1c1f7e-3c1b-4a7e-9d55-0c9f0c2d4a11', handle: 'fern_fan', name: 'Fern Gully', avatar: null };
const PAGE: Party = { type: 'page', id: '0a0b0c0d-1111-4222-8333-444455556666', handle: 'fernleaf_nursery', name: 'Fernleaf Nursery', avatar: null };
const ivy: Party = { type: 'user', id: '11111111-2222-4333-8444-555555555555', handle: 'ivy_climbs', name: 'Ivy Green', avatar: null };
const rosa: Party = { type: 'user', id: '22222222-2222-4333-8444-555555555555', handle: 'rosa_thorne', name: 'Rosa Thorne', avatar: null };

function row(id: string, other: Party, unread: number, me: Party = ME): ConversationRow {
  return { id, convType: other.type === 'page' || me.type === 'page' ? 'tomypage' : 'user-to-user', me, with: other, lastMessageAt: new Date().toISOString(), lastPreview: `from ${other.name}`, lastSenderId: other.id, unread, muted: false };
}

const C1 = 'a1a1a1a1-1111-4111-8111-111111111111';
const C2 = 'a2a2a2a2-2222-4222-8222-222222222222';
const C3 = 'a3a3a3a3-3333-4333-8333-333333333333';

function inbox(conversations: ConversationRow[], unread: Partial<InboxAnswer['unread']> = {}): InboxAnswer {
  return { conversations, cursorId: null, unreadMsgsTally: 0, unread: { conversationsNotOnMyPages: [], conversationsOnMyPages: [], users: [], pages: [], ...unread } };
}

describe('/messages', () => {
  it('lists conversations with their unread badges; the tabs show unread, members and pages, also with arrow keys', async () => {
    serve({
      'GET /api/iam/messages/all': () => success(inbox([row(C1, ivy, 2), row(C2, rosa, 0), row(C3, PAGE, 1)], { conversationsNotOnMyPages: [C1, C3] })),
    });
    renderRoute('/messages', { auth: AUTH.member });
    const rows = () => screen.getAllByTestId('conversation-row').map((r) => r.textContent);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(screen.getAllByTestId('conversation-row')[0]!).getByText('2 unread')).toBeTruthy();
    expect(screen.getAllByTestId('conversation-row')[0]!.getAttribute('href')).toBe('/messages/ivy_climbs');
    expect(screen.getAllByTestId('conversation-row')[2]!.getAttribute('href')).toBe('/messages/fern_fan/to/fernleaf_nursery');

    const unreadTab = screen.getByRole('tab', { name: /Unread/ });
    expect(unreadTab.textContent).toContain('2');
    fireEvent.click(unreadTab);
    expect(rows()).toEqual([expect.stringContaining('Ivy Green'), expect.stringContaining('Fernleaf Nursery')]);
    fireEvent.keyDown(unreadTab, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Members' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Members' }));
    expect(rows()).toEqual([expect.stringContaining('Ivy Green'), expect.stringContaining('Rosa Thorne')]);
    fireEvent.click(screen.getByRole('tab', { name: 'Pages' }));
    expect(rows()).toEqual([expect.stringContaining('Fernleaf Nursery')]);
  });

  it('shows a page\'s inbox to its staff, counting the page\'s own unread rows', async () => {
    const api = serve({
      'GET /api/iam/messages/all': (call) =>
        success(call.url.includes(`pageId=${PAGE.id}`) ? inbox([row(C1, ivy, 1, PAGE), row(C2, rosa, 0, PAGE)], { conversationsNotOnMyPages: [C3] }) : inbox([])),
    });
    renderRoute(`/messages?page=${PAGE.id}`, { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages to Fernleaf Nursery' })).toBeTruthy();
    expect(screen.getAllByTestId('conversation-row')[0]!.getAttribute('href')).toBe('/messages/ivy_climbs/to/fernleaf_nursery');
    expect(screen.getByRole('tab', { name: /Unread/ }).textContent).toContain('1');
    expect(screen.queryByRole('tab', { name: 'Members' })).toBeNull();
    expect(api.to('GET /api/iam/messages/all')[0]!.url).toContain(`pageId=${PAGE.id}`);
  });

  it('says how to start when there are no conversations', async () => {
    serve({ 'GET /api/iam/messages/all': () => success(inbox([])) });
    renderRoute('/messages', { auth: AUTH.member });
    expect(await screen.findByText(/No conversations yet/)).toBeTruthy();
  });

  it('"New message" finds a member the reader writes with by name, any member by @handle and pages by name, each opening its conversation', async () => {
    const rosaPage = { id: '33333333-2222-4333-8444-555555555555', handle: 'rosa_roses', name: 'Rosa Roses Society', category: 'group' as const, avatar: null, place: null, memberCount: 3, openness: 'open' as const, my: { role: null, status: 'none' as const } };
    const api = serve({
      'GET /api/iam/messages/all': () => success(inbox([row(C1, ivy, 0), row(C3, PAGE, 0)])),
      'GET /api/page/get-all/all': (call) => success({ pages: new URL(call.url, 'http://x').searchParams.get('q')?.toLowerCase().startsWith('ros') ? [rosaPage] : [], cursorId: null }),
      'GET /api/iam/users/user-or-page-messagee-by-handle/rosa_thorne': () => success({ messagee: rosa }),
    });
    renderRoute('/messages', { auth: AUTH.member });
    await waitFor(() => expect(screen.getAllByTestId('conversation-row')).toHaveLength(2));
    const button = screen.getByRole('button', { name: 'New message' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const to = screen.getByRole('searchbox', { name: /To: a member or a page/ });
    const found = () => within(screen.getByRole('list', { name: 'People and pages found' })).getAllByRole('link');

    fireEvent.change(to, { target: { value: 'Ivy' } });
    await waitFor(() => expect(found().map((l) => l.getAttribute('href'))).toEqual(['/messages/ivy_climbs']));

    fireEvent.change(to, { target: { value: '@rosa_thorne' } });
    await waitFor(() => expect(found().map((l) => l.getAttribute('href'))).toEqual(['/messages/rosa_thorne']));

    fireEvent.change(to, { target: { value: 'Rosa' } });
    await waitFor(() => expect(found().map((l) => l.getAttribute('href'))).toEqual(['/messages/fern_fan/to/rosa_roses']));
    expect(api.to('GET /api/page/get-all/all').at(-1)!.url).toContain('q=Rosa');

    fireEvent.change(to, { target: { value: 'Zzz' } });
    expect(await screen.findByText(/Nobody found/)).toBeTruthy();
  });

  it('offers no "New message" in a page\'s inbox', async () => {
    serve({ 'GET /api/iam/messages/all': () => success(inbox([])) });
    renderRoute(`/messages?page=${PAGE.id}`, { auth: AUTH.member });
    expect(await screen.findByText(/Nobody has written to this page yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New message' })).toBeNull();
  });
});

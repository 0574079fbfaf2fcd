import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { PLANT, POST, notif } from '../testing';


const bell = () => screen.getByRole('button', { name: /^Notifications/ });

async function openPanel() {
  fireEvent.click(bell());
  // The panel is its own chunk: on a busy machine its first load can take more than a second.
  return screen.findByRole('dialog', { name: 'Notifications' }, { timeout: 5000 });
}

describe('notification bell', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the unread tally with separators, and checks again at most once per 10 s unless forced', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let tally = 1234;
    const api = serve({ 'GET /api/iam/notifications/unread-tally': () => success({ tally }) });
    renderRoute('/about', { auth: AUTH.member });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1,234 unread'));
    expect(screen.getByTestId('notification-badge').textContent).toBe('99+');
    const tallies = () => api.to('GET /api/iam/notifications/unread-tally').length;
    expect(tallies()).toBe(1);

    // Focus, a tab shown again, a new page: all within 10 s of the last check.
    vi.advanceTimersByTime(4_000);
    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    fireEvent.click(screen.getAllByRole('link', { name: 'Events' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Events' });
    expect(tallies()).toBe(1);

    vi.advanceTimersByTime(6_001);
    tally = 7;
    act(() => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 7 unread'));
    expect(tallies()).toBe(2);
    expect(screen.getByTestId('notification-badge').textContent).toBe('7');
  });

  it('lists notifications in words with links, loads more, and marks all as seen on opening, the new ones looking new while it is open', async () => {
    const first = [
      notif({ kind: 'reaction' }),
      notif({ kind: 'comment', targetType: 'plant', targetId: PLANT }),
      notif({ kind: 'announcement', actorId: null, actor: null, targetType: null, targetId: null, text: 'Plant swap on Saturday!', seen: true }),
    ];
    const second = [notif({ kind: 'reply', targetType: 'comment', targetId: POST })];
    let tally = 3;
    const api = serve({
      'GET /api/iam/notifications/unread-tally': () => success({ tally }),
      // Once all are marked seen, the server answers them seen.
      'GET /api/iam/notifications/all': (call) =>
        success(call.url.includes('cursorId=page2') ? { notifications: second.map((n) => ({ ...n, seen: tally === 0 })), cursorId: null } : { notifications: first.map((n) => ({ ...n })), cursorId: 'page2' }),
      'PUT /api/iam/notifications/mark-as-seen': () => {
        tally = 0;
        for (const n of first) n.seen = true;
        return success({ tally: 0 });
      },
    });
    renderRoute('/about', { auth: AUTH.member });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));

    const before = api.to('GET /api/iam/notifications/unread-tally').length;
    const panel = await openPanel();
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const reaction = await within(panel).findByRole('link', { name: /Rosa Canina reacted to your post/ });
    expect(reaction.getAttribute('href')).toBe(`/post/${POST}`);
    expect(reaction.textContent).toMatch(/unread/);
    expect(within(panel).getByRole('link', { name: /Rosa Canina commented on your plant/ }).getAttribute('href')).toBe(`/plant/${PLANT}`);
    const announcement = within(panel).getByText('Plant swap on Saturday!');
    expect(announcement.closest('a')).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    const reply = await within(panel).findByRole('link', { name: /Rosa Canina replied to your comment/ });
    expect(reply.getAttribute('href')).toBe(`/post/${POST}`);
    expect(api.to('GET /api/iam/notifications/all').map((c) => c.url)).toEqual(['/api/iam/notifications/all', '/api/iam/notifications/all?cursorId=page2']);
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull();

    // Opening marked them all seen: once, with the tally reloaded at once (throttle or not).
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(api.to('PUT /api/iam/notifications/mark-as-seen')).toHaveLength(1);
    expect(api.to('PUT /api/iam/notifications/mark-as-seen')[0]!.body).toEqual({ notifIds: [], csrf_token: 'csrf-123' });
    await waitFor(() => expect(api.to('GET /api/iam/notifications/unread-tally').length).toBe(before + 1));
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    // The two that were new still look new while the panel is open; the next opening shows them seen.
    expect(within(panel).getAllByText(/unread/)).toHaveLength(2);
    fireEvent.keyDown(document, { key: 'Escape' });
    const again = await openPanel();
    await within(again).findByRole('link', { name: /Rosa Canina reacted to your post/ });
    expect(within(again).queryAllByText(/unread/)).toHaveLength(0);
    expect(api.to('PUT /api/iam/notifications/mark-as-seen')).toHaveLength(1);

    // One that came while it was closed is new at the next opening (the list is read again for it), and is marked seen.
    fireEvent.keyDown(document, { key: 'Escape' });
    first.unshift(notif({ kind: 'comment', targetType: 'plant', targetId: PLANT, text: 'Lovely fronds' }));
    tally = 1;
    const third = await openPanel();
    await waitFor(() => expect(api.to('PUT /api/iam/notifications/mark-as-seen')).toHaveLength(2));
    const fresh = await within(third).findByRole('link', { name: /Rosa Canina commented on your plant.*unread/ });
    expect(fresh).toBeTruthy();
    expect(within(third).getAllByText(/unread/)).toHaveLength(1);
  });

  it('offers to mark them seen again when marking on opening fails', async () => {
    let fail = true;
    const api = serve({
      'GET /api/iam/notifications/unread-tally': () => success({ tally: fail ? 1 : 0 }),
      'GET /api/iam/notifications/all': () => success({ notifications: [notif({ kind: 'reaction' })], cursorId: null }),
      'PUT /api/iam/notifications/mark-as-seen': () => (fail ? failure(400, 'bad_request', 'Something is off') : success({ tally: 0 })),
    });
    renderRoute('/about', { auth: AUTH.member });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    const panel = await openPanel();
    expect(await within(panel).findByText(/Could not mark them as seen/)).toBeTruthy();
    fail = false;
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as seen' }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(api.to('PUT /api/iam/notifications/mark-as-seen')).toHaveLength(2);
  });

  it('closes with Escape, giving focus back to the bell, and on a click elsewhere', async () => {
    serve({ 'GET /api/iam/notifications/all': () => success({ notifications: [], cursorId: null }) });
    renderRoute('/about', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const panel = await openPanel();
    expect(await within(panel).findByText(/No notifications yet/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(panel));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('false');

    await openPanel();
    fireEvent.pointerDown(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });

  it('links to the notifications screen, closing the panel', async () => {
    serve({ 'GET /api/iam/notifications/all': () => success({ notifications: [notif({ kind: 'reaction' })], cursorId: null }) });
    const { router } = renderRoute('/about', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('link', { name: 'See all notifications' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/notifications'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    serve({
      'GET /api/iam/notifications/all': () => (fail ? failure(400, 'bad_request', 'Something is off') : success({ notifications: [notif({ kind: 'reaction', actor: null })], cursorId: null })),
    });
    renderRoute('/about', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const panel = await openPanel();
    expect(await within(panel).findByText(/Could not load your notifications/)).toBeTruthy();
    fail = false;
    fireEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('link', { name: /Someone reacted to your post/ })).toBeTruthy();
  });

  it('has no serious accessibility problems with the panel open', async () => {
    serve({
      'GET /api/iam/notifications/unread-tally': () => success({ tally: 1 }),
      'GET /api/iam/notifications/all': () =>
        success({ notifications: [notif({ actorId: null, actor: null }), notif({ kind: 'announcement', actorId: null, actor: null, targetType: null, targetId: null, text: 'Welcome!', seen: true })], cursorId: 'more' }),
    });
    renderRoute('/about', { auth: AUTH.member });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    await openPanel();
    await screen.findByRole('button', { name: 'Load more' });
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
    expect(result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);
  });

  it('is not there for guests', async () => {
    const api = serve({});
    renderRoute('/about', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(api.to('GET /api/iam/notifications/unread-tally')).toHaveLength(0);
  });
});

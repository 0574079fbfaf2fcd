import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { NotificationView } from '@shared/answers/notifications';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { ACTOR, PLANT, POST, notif as base } from '@/features/notifications/testing';

const notif = (overrides: Partial<NotificationView>): NotificationView => base({ actor: { uuid: ACTOR, username: 'rosa_canina', avatar: null, name: 'Rosa Canina' }, ...overrides });

const list = () => screen.findByRole('list', { name: 'Your notifications' });
const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('/profile/notifications', () => {
  it('lists every notification by name with "Load more", unseen ones labelled "New"', async () => {
    const first = [
      notif({ kind: 'comment', targetType: 'plant', targetId: PLANT, text: 'Where did you get it?', targetName: 'Monstera' }),
      notif({ kind: 'reaction', targetName: 'Just repotted my fig…', seen: true }),
    ];
    const second = [notif({ kind: 'reply', targetType: 'post', text: 'At the swap meet', seen: true })];
    const api = serve({
      'GET /api/iam/notifications/all': (call) => success(call.url.includes('cursorId=page2') ? { notifications: second, cursorId: null } : { notifications: first, cursorId: 'page2' }),
    });
    renderRoute('/profile/notifications', { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    const ul = await list();
    const comment = within(ul).getByRole('link', { name: /^Rosa Canina commented on your plant Monstera New/ });
    expect(comment.getAttribute('href')).toBe(`/plant/${PLANT}`);
    // Unseen: a "New" label in words, not only a tint.
    expect(within(comment).getByText('New')).toBeTruthy();
    const reaction = within(ul).getByRole('link', { name: /^Rosa Canina reacted to your post “Just repotted my fig…”/ });
    expect(within(reaction).queryByText('New')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    // Written before targets were named: today's wording.
    expect(await within(ul).findByRole('link', { name: /^Rosa Canina replied to your comment/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.to('GET /api/iam/notifications/all').map((c) => c.url)).toEqual(['/api/iam/notifications/all', '/api/iam/notifications/all?cursorId=page2']);
    expect(api.to('PUT /api/iam/notifications/mark-as-seen')).toHaveLength(0);
  });

  it('marks only the one clicked seen, then goes to what it is about', async () => {
    const clicked = notif({ kind: 'reaction', targetType: 'post', targetId: POST, targetName: 'Just repotted my fig…' });
    const other = notif({ kind: 'comment', targetType: 'plant', targetId: PLANT, targetName: 'Monstera' });
    const announcement = notif({ kind: 'announcement', actorId: null, actor: null, targetType: null, targetId: null, text: 'Plant swap on Saturday!' });
    let tally = 3;
    const api = serve({
      'GET /api/iam/notifications/unread-tally': () => success({ tally }),
      'GET /api/iam/notifications/all': () => success({ notifications: [clicked, other, announcement], cursorId: null }),
      [`GET /api/post/${POST}`]: () => failure(404, 'not_found', 'Post not found'),
      'PUT /api/iam/notifications/mark-as-seen': (call) => {
        tally -= (call.body as { notifIds: string[] }).notifIds.length;
        return success({ tally });
      },
    });
    const { router } = renderRoute('/profile/notifications', { auth: AUTH.member });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    const ul = await list();

    // One that leads nowhere is marked with its own button.
    fireEvent.click(within(ul).getByRole('button', { name: 'Mark as seen' }));
    await waitFor(() => expect(within(ul).queryByRole('button', { name: 'Mark as seen' })).toBeNull());
    expect(api.to('PUT /api/iam/notifications/mark-as-seen')[0]!.body).toEqual({ notifIds: [announcement.id], csrf_token: 'csrf-123' });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));

    fireEvent.click(within(ul).getByRole('link', { name: /reacted to your post/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${POST}`));
    await waitFor(() => expect(api.to('PUT /api/iam/notifications/mark-as-seen')).toHaveLength(2));
    expect(api.to('PUT /api/iam/notifications/mark-as-seen')[1]!.body).toEqual({ notifIds: [clicked.id], csrf_token: 'csrf-123' });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));

    // Back on the screen: that one is seen, the other still new.
    await router.navigate('/profile/notifications');
    const again = await list();
    expect(within(again).getByRole('link', { name: /^Rosa Canina reacted to your post/ }).textContent).not.toMatch(/New/);
    expect(within(again).getByRole('link', { name: /^Rosa Canina commented on your plant Monstera New/ })).toBeTruthy();
  });

  it('says when there is nothing yet', async () => {
    serve({ 'GET /api/iam/notifications/all': () => success({ notifications: [], cursorId: null }) });
    renderRoute('/profile/notifications', { auth: AUTH.member });
    expect(await screen.findByText(/^No notifications yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as seen' })).toBeNull();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    serve({
      'GET /api/iam/notifications/all': () => (fail ? failure(400, 'bad_request', 'Something is off') : success({ notifications: [notif({ targetName: 'Ferns' })], cursorId: null })),
    });
    renderRoute('/profile/notifications', { auth: AUTH.member });
    expect(await screen.findByText(/Could not load your notifications/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /reacted to your post “Ferns”/ })).toBeTruthy();
  });

  it('has no serious accessibility problems', async () => {
    serve({
      'GET /api/iam/notifications/all': () =>
        success({ notifications: [notif({ targetName: 'Ferns' }), notif({ kind: 'announcement', actorId: null, actor: null, targetType: null, targetId: null, text: 'Welcome!' })], cursorId: 'more' }),
    });
    renderRoute('/profile/notifications', { auth: AUTH.member });
    await screen.findByRole('button', { name: 'Load more' });
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
    expect(result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);
  });
});

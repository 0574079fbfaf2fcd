import { describe, expect, it } from 'vitest';
import type { NotificationView } from '@shared/answers/notifications';
import { notificationHref, notificationText } from './describe';

const page = (kind: NotificationView['kind']): NotificationView => ({
  id: '0000000000001-11111111-0000-4000-8000-000000000001',
  kind,
  actorId: '7a2d3c4b-5e6f-4a1b-8c9d-0e1f2a3b4c5d',
  actor: null,
  targetType: 'page',
  targetId: '22222222-0000-4000-8000-000000000002',
  text: 'wattle_lane',
  seen: false,
  immutable: false,
  createdAt: '2026-11-23T10:00:00.000Z',
});

describe('page notifications', () => {
  it('name the page by its handle and lead to it (a join request to its editor)', () => {
    expect(notificationText(page('page-invite'), 'ivy')).toBe('ivy invited you to join @wattle_lane');
    expect(notificationHref(page('page-invite'))).toBe('/wattle_lane');
    expect(notificationText(page('page-approved'), 'ivy')).toBe('You are now a member of @wattle_lane');
    expect(notificationHref(page('page-approved'))).toBe('/wattle_lane');
    expect(notificationText(page('page-request'), 'sage')).toBe('sage asked to join @wattle_lane');
    expect(notificationHref(page('page-request'))).toBe('/wattle_lane/edit');
  });
});

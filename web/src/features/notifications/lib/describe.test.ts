import { describe, expect, it } from 'vitest';
import type { NotificationView } from '@shared/answers/notifications';
import { formatEventTime } from '@/lib/format-date';
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

const event = (kind: NotificationView['kind'], text: string): NotificationView => ({ ...page(kind), targetType: 'event', targetId: 'Ab3dE5gH7k', text });

describe('event notifications', () => {
  const at = '2026-12-05T10:00:00.000Z';
  // Texts written before the zone was added are said in the reader's own time, with no note.
  const when = formatEventTime(at, null);

  it('say who answered what to which date, and lead to the event', () => {
    expect(notificationText(event('attendance', `GOING · Swap meet · ${at}`), 'ivy')).toBe(`ivy is going to Swap meet, ${when}`);
    expect(notificationText(event('attendance', `WAITING · Swap meet · ${at}`), 'ivy')).toBe(`ivy is on the waitlist for Swap meet, ${when}`);
    expect(notificationText(event('attendance', 'MAYBE · Swap meet · not a date'), 'ivy')).toBe('ivy may go to Swap meet');
    expect(notificationHref(event('attendance', `GOING · Swap meet · ${at}`))).toBe('/event/Ab3dE5gH7k');
  });

  it('name the date that moved, was cancelled, is tomorrow or has a place; a series running out leads to its editor', () => {
    expect(notificationText(event('event-moved', `Swap meet · ${at}`), 'x')).toBe(`Swap meet has moved to ${when}`);
    expect(notificationText(event('event-cancelled', `Swap meet · ${at}`), 'x')).toBe(`Swap meet is cancelled on ${when}`);
    expect(notificationText(event('event-reminder', `Swap meet · ${at}`), 'x')).toBe(`Reminder: Swap meet, ${when}`);
    expect(notificationText(event('event-promoted', `Swap meet · ${at}`), 'x')).toBe(`A place freed up: you are going to Swap meet, ${when}`);
    expect(notificationText(event('event-series-ending', `Swap meet · ${at}`), 'x')).toBe('Swap meet runs out soon: extend it to keep its dates coming');
    expect(notificationHref(event('event-series-ending', `Swap meet · ${at}`))).toBe('/event/Ab3dE5gH7k/edit');
  });
});

describe('event notifications in the event\'s time zone', () => {
  // 23:00 UTC on Saturday 28 November 2026 is 10:00 on Sunday 29 November in Sydney (UTC+11).
  const at = '2026-11-28T23:00:00.000Z';
  const now = Date.parse('2026-11-20T12:00:00.000Z');

  it('say the time at the event\'s place, naming its zone, to a reader elsewhere', () => {
    const reminder = event('event-reminder', `Swap meet · ${at} · Australia/Sydney`);
    expect(notificationText(reminder, 'x', { now, reader: 'Europe/London' })).toBe('Reminder: Swap meet, Sun 29 Nov, 10:00 (Australia/Sydney time)');
    expect(notificationText(event('event-moved', `Swap meet · ${at} · Australia/Sydney`), 'x', { now, reader: 'America/New_York' })).toBe('Swap meet has moved to Sun 29 Nov, 10:00 (Australia/Sydney time)');
  });

  it('leave the zone out for a reader in it, and read a title holding " · " from the end', () => {
    expect(notificationText(event('event-reminder', `Swap meet · ${at} · Australia/Sydney`), 'x', { now, reader: 'Australia/Sydney' })).toBe('Reminder: Swap meet, Sun 29 Nov, 10:00');
    expect(notificationText(event('attendance', `GOING · Swaps · cuttings · ${at} · Australia/Sydney`), 'ivy', { now, reader: 'Europe/London' })).toBe('ivy is going to Swaps · cuttings, Sun 29 Nov, 10:00 (Australia/Sydney time)');
  });

  it('say an old text without a zone in the reader\'s own time, with no note', () => {
    expect(notificationText(event('event-reminder', `Swap meet · ${at}`), 'x', { now, reader: 'Europe/London' })).toBe('Reminder: Swap meet, Sat 28 Nov, 23:00');
  });
});

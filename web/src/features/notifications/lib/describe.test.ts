import { describe, expect, it } from 'vitest';
import type { NotificationView } from '@shared/answers/notifications';
import { formatEventTime } from '@/lib/format-date';
import { actorName, notificationHref, notificationText } from './describe';

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

const content = (kind: NotificationView['kind'], targetType: NotificationView['targetType'], targetName?: string): NotificationView => ({
  ...page(kind),
  targetType,
  targetId: '33333333-0000-4000-8000-000000000003',
  text: kind === 'reaction' ? null : 'Where did you get it?',
  ...(targetName === undefined ? {} : { targetName }),
});

describe('comment, reply and reaction notifications', () => {
  it('name their target: a plant by its name, a post or a comment by its quoted start', () => {
    expect(notificationText(content('comment', 'plant', 'Monstera'), 'Fern')).toBe('Fern commented on your plant Monstera');
    expect(notificationText(content('comment', 'post', 'Just repotted my fig…'), 'Fern')).toBe('Fern commented on your post “Just repotted my fig…”');
    expect(notificationText(content('reaction', 'post', 'Just repotted my fig…'), 'Fern')).toBe('Fern reacted to your post “Just repotted my fig…”');
    expect(notificationText(content('reaction', 'plant', 'Monstera'), 'Fern')).toBe('Fern reacted to your plant Monstera');
    expect(notificationText(content('reaction', 'comment', 'Where did you get it?'), 'Fern')).toBe('Fern reacted to your comment “Where did you get it?”');
    expect(notificationText(content('reply', 'plant', 'Where did you get it?'), 'Fern')).toBe('Fern replied to your comment “Where did you get it?”');
    expect(notificationHref(content('reply', 'plant', 'Where did you get it?'))).toBe('/plant/33333333-0000-4000-8000-000000000003');
  });

  it('keep today\'s wording when written without a name', () => {
    expect(notificationText(content('comment', 'plant'), 'Fern')).toBe('Fern commented on your plant');
    expect(notificationText(content('reaction', 'post'), 'Fern')).toBe('Fern reacted to your post');
    expect(notificationText(content('reaction', 'comment', '  '), 'Fern')).toBe('Fern reacted to your comment');
    expect(notificationText(content('reply', 'post'), 'Fern')).toBe('Fern replied to your comment');
  });

  it('name the actor by display name as posts do, else by username', () => {
    const actor = { uuid: 'u1', username: 'fern_grower', name: 'Fern Grower', avatar: null };
    expect(actorName({ ...content('comment', 'plant'), actor: { ...actor, name: 'ivy GREEN' } })).toBe('Ivy Green');
    expect(actorName({ ...content('comment', 'plant'), actor: { ...actor, name: ' ' } })).toBe('fern_grower');
    expect(actorName({ ...content('comment', 'plant'), actor: null })).toBe('Someone');
  });
});

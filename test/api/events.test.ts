/**
 * Events: the creation contract, series materialised in the place's time zone and extended by the
 * job (twice at once included), attendance with its counts, notifications and the waitlist under
 * a race, reminders sent once, calendar files parsed back with another library, the private feed,
 * dates changed, cancelled and rewritten, locations merged and removed, nearby dates, page
 * profiles, and deletion.
 */
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventDateCard, EventLocationView, EventView, NearbyEvent } from '../../shared/answers/events';
import type { NotificationView } from '../../shared/answers/notifications';
import { readEventNotice } from '../../shared/event-notice';
import { eventTimeText } from '../../shared/event-time';
import type { NearYou, PageDetails } from '../../shared/answers/pages';
import { panelPoint } from '../../shared/panel-point';
import { PROMOTE_BATCH, resumePromotions } from '../../functions/events/attend';
import { ATTENDEE_BATCH, resumeDateWork } from '../../functions/events/catch-up';
import { expandSeries, instantOf, localDay, SERIES_AHEAD_DAYS } from '../../functions/events/recurrence';
import { extendSeries, sendReminders } from '../../functions/events/series';
import { as } from '../support/accounts';
import { call, hostUrl } from '../support/api';
import { getItem, queryPartition, setAttributes } from '../support/db';
import { attend, dateIn, NEWTOWN, newEvent } from '../support/events';
import { useHostTableAndBucket } from '../support/host-env';
import { outbox } from '../support/outbox';
import { join, newPage, withRole } from '../support/pages';
import { admin, registeredUser, unregisteredUser, type TestUser } from '../support/users';

beforeAll(() => useHostTableAndBucket());

const DAY = 86_400_000;

async function notificationsOf(who: TestUser): Promise<NotificationView[]> {
  const res = await as<{ notifications: NotificationView[] }>(who.browser, 'GET', '/api/iam/notifications/all');
  expect(res.status).toBe(200);
  return res.data.notifications;
}

/** The first Saturday at 10:00 on London's clocks whose day, in London, is not before `fromMs`'s. */
function saturdayTenInLondon(fromMs: number): Date {
  for (let t = fromMs; ; t += DAY) {
    const [year, month, day] = localDay(new Date(t), 'Europe/London').split('-').map(Number) as [number, number, number];
    if (new Date(Date.UTC(year, month - 1, day)).getUTCDay() === 6) return instantOf({ year, month, day, hour: 10, minute: 0, second: 0 }, 'Europe/London');
  }
}

const storedDates = async (eventId: string) => (await queryPartition(`event#${eventId}`)).filter((i) => String(i.sk).startsWith('date#'));
const attendance = async (eventId: string) => (await queryPartition(`event#${eventId}`)).filter((i) => String(i.sk).startsWith('attend#'));
/** A date's stored counts: its counter item beside it (none yet counts nothing). */
async function storedCounts(eventId: string, dateKey: string): Promise<{ going: number; maybe: number; notGoing: number; waiting: number }> {
  const c = await getItem(`event#${eventId}`, `count#${dateKey}`);
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);
  return { going: n(c?.going), maybe: n(c?.maybe), notGoing: n(c?.notGoing), waiting: n(c?.waiting) };
}

/** A point far from every other test's events, so nearby searches see only their own. */
function somewhere(): { latitude: number; longitude: number } {
  return { latitude: -60 + Math.random() * 100, longitude: -170 + Math.random() * 340 };
}

describe('POST /api/iam/events/new', () => {
  it('answers the contract: 201 with { event: { id, randomId, specifics: [{ id, startsAt, endsAt }] } }, 200 for a retry with the same id', async () => {
    const a = await registeredUser();
    const id = randomUUID();
    const when = dateIn(5);
    const body = { id, title: 'Swap meet', description: 'Cuttings', privacy: 'public', location: NEWTOWN, specifics: [when], capacity: 20, tags: ['swap'] };
    const res = await as<{ event: EventView }>(a.browser, 'POST', '/api/iam/events/new', body);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.data.event).toMatchObject({
      id, title: 'Swap meet', privacy: 'public', capacity: 20, timeZone: 'Australia/Sydney', canEdit: true,
      owner: { type: 'user', id: a.uuid, handle: a.profile.username },
      place: { name: NEWTOWN.name, address: NEWTOWN.address, latitude: NEWTOWN.latitude },
    });
    expect(res.data.event.randomId).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(res.data.event.url).toBe(`${new URL(res.data.event.url).origin}/event/${res.data.event.randomId}`);
    expect(res.data.event.specifics).toEqual([expect.objectContaining({ id: `${id}.${String(Date.parse(when.startsAt)).padStart(13, '0')}`, startsAt: when.startsAt, endsAt: when.endsAt, cancelled: false })]);
    const again = await as<{ event: EventView }>(a.browser, 'POST', '/api/iam/events/new', body);
    expect(again.status).toBe(200);
    expect(again.data.event.randomId).toBe(res.data.event.randomId);
    expect(await storedDates(id)).toHaveLength(1);
    // By random id too, for guests.
    const byRandom = await call<{ event: EventView }>('GET', `/api/events/${res.data.event.randomId}`);
    expect(byRandom.status).toBe(200);
    expect(byRandom.data.event).toMatchObject({ id, canEdit: false });
  });

  it('refuses endsAt before startsAt naming specifics.0.endsAt, a past date, a bad rule and an until past six months, writing nothing', async () => {
    const a = await registeredUser();
    const base = { title: 'X', description: '', privacy: 'public', location: NEWTOWN };
    const start = dateIn(2);
    const cases: [Record<string, unknown>, string][] = [
      [{ specifics: [{ startsAt: start.startsAt, endsAt: new Date(Date.parse(start.startsAt) - 60_000).toISOString() }] }, 'specifics.0.endsAt'],
      [{ specifics: [dateIn(-3)] }, 'specifics.0.startsAt'],
      [{ specifics: [start], recurrence: { rrule: 'FREQ=HOURLY' } }, 'recurrence.rrule'],
      [{ specifics: [start], recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA', until: new Date(Date.now() + 300 * DAY).toISOString() } }, 'recurrence.until'],
      [{ specifics: [{ startsAt: 'tomorrow', endsAt: start.endsAt }] }, 'specifics.0.startsAt'],
      [{ specifics: [] }, 'specifics'],
      [{ specifics: [start], location: { ...NEWTOWN, latitude: 95 } }, 'location.latitude'],
    ];
    for (const [over, field] of cases) {
      const id = randomUUID();
      const res = await as(a.browser, 'POST', '/api/iam/events/new', { id, ...base, ...over });
      expect(res.status, `${field}: ${JSON.stringify(res.json)}`).toBe(400);
      expect(res.json).toMatchObject({ error: { field } });
      expect(await getItem(`event#${id}`, 'event')).toBeUndefined();
    }
  });

  it('is for registered members; a page\'s events are for its admins and moderators', async () => {
    const incomplete = await unregisteredUser();
    expect((await as(incomplete.browser, 'POST', '/api/iam/events/new', { id: randomUUID(), title: 'X', location: NEWTOWN, specifics: [dateIn(2)] })).status).toBe(403);
    const [owner, plain, moderator] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const page = await newPage(owner);
    await withRole(owner, plain, page.id, 'member');
    await withRole(owner, moderator, page.id, 'moderator');
    const denied = await as(plain.browser, 'POST', '/api/iam/events/new', { id: randomUUID(), title: 'Not mine', location: NEWTOWN, specifics: [dateIn(2)], pageId: page.id });
    expect(denied.status).toBe(403);
    const made = await newEvent(moderator, { pageId: page.id });
    expect(made.owner).toMatchObject({ type: 'page', id: page.id, handle: page.handle });
  });
});

describe('series', () => {
  it('materialises a weekly series 8 weeks ahead at the same local time, and the job run twice at once writes each date once', async () => {
    const a = await registeredUser();
    // The first Saturday at 10:00 on London's clocks at least two days ahead, whatever the day,
    // the hour or the season the test runs in.
    const first = saturdayTenInLondon(Date.now() + 2 * DAY);
    const london = { name: 'Hackney City Farm', latitude: 51.5313, longitude: -0.0649 };
    const rrule = 'FREQ=WEEKLY;BYDAY=SA';
    const expected = (nowMs: number, untilMs: number) =>
      expandSeries({ rrule, firstStart: first, timeZone: 'Europe/London', from: first, to: new Date(Math.min(untilMs, nowMs + SERIES_AHEAD_DAYS * DAY)), until: new Date(untilMs) }).map((d) => d.toISOString());
    const before = Date.now();
    const e = await newEvent(a, { location: london, specifics: [{ startsAt: first.toISOString(), endsAt: new Date(first.getTime() + 2 * 3_600_000).toISOString() }], recurrence: { rrule } });
    const after = Date.now();
    expect(e.timeZone).toBe('Europe/London');
    expect(e.recurrence).toMatchObject({ rrule, description: 'Every Saturday' });
    // Creation read its clock between `before` and `after`: its dates are those of one of them.
    const made = e.specifics.map((s) => s.startsAt);
    const seriesUntil = Date.parse(String((await getItem(`event#${e.id}`, 'event'))!.seriesUntil));
    expect([expected(before, seriesUntil), expected(after, seriesUntil)]).toContainEqual(made);
    expect(made.length).toBeGreaterThanOrEqual(7); // 8 weeks: 7 Saturdays when the first is 8 days out
    for (const s of e.specifics) {
      expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', weekday: 'short' }).format(new Date(s.startsAt))).toBe('Sat 10:00');
    }
    // Months later, the job extends it: twice at once. Each run tallies what it wrote for this
    // series alone (other tests' series run through the same job). Keeping 10:00 across a clock
    // change is recurrence.test.ts's, on fixed dates.
    const later = { nowMs: Date.now() + 120 * DAY };
    const [one, two] = [new Map<string, number>(), new Map<string, number>()];
    await Promise.all([extendSeries({ ...later, written: one }), extendSeries({ ...later, written: two })]);
    const dates = await storedDates(e.id);
    const starts = dates.map((d) => String(d.startsAt)).sort();
    expect(starts).toEqual(expected(later.nowMs, seriesUntil));
    expect((one.get(e.id) ?? 0) + (two.get(e.id) ?? 0)).toBe(dates.length - e.specifics.length);
    expect(await getItem(`event#${e.id}`, 'event')).toMatchObject({ dateCount: dates.length });
    for (const s of starts) {
      expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', weekday: 'short' }).format(new Date(s))).toBe('Sat 10:00');
    }
    // Again: nothing more to write.
    const again = new Map<string, number>();
    await extendSeries({ ...later, written: again });
    expect(again.get(e.id) ?? 0).toBe(0);
  });

  it('tells the owner once when the series is about to run out, and an extension moves its end', async () => {
    const a = await registeredUser();
    const until = new Date(Date.now() + 10 * DAY).toISOString();
    const e = await newEvent(a, { location: { ...NEWTOWN, ...somewhere() }, specifics: [dateIn(1)], recurrence: { rrule: 'FREQ=DAILY', until } });
    await extendSeries();
    await extendSeries();
    const told = (await notificationsOf(a)).filter((n) => n.kind === 'event-series-ending' && n.targetId === e.randomId);
    expect(told).toHaveLength(1);
    const longer = new Date(Date.now() + 20 * DAY).toISOString();
    const res = await as<{ event: EventView }>(a.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, seriesUntil: longer });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data.event.recurrence?.until).toBe(longer);
    expect(res.data.event.specifics.length).toBeGreaterThan(e.specifics.length);
  });

  it('a page\'s series running out is told to the page\'s admins, not to the moderator who made it', async () => {
    const [owner, second, mod, plain] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const page = await newPage(owner);
    await withRole(owner, second, page.id, 'admin');
    await withRole(owner, mod, page.id, 'moderator');
    await withRole(owner, plain, page.id, 'member');
    const until = new Date(Date.now() + 10 * DAY).toISOString();
    const e = await newEvent(mod, { pageId: page.id, location: { ...NEWTOWN, ...somewhere() }, specifics: [dateIn(1)], recurrence: { rrule: 'FREQ=DAILY', until } });
    await extendSeries();
    await extendSeries();
    for (const [who, count] of [[owner, 1], [second, 1], [mod, 0], [plain, 0]] as const) {
      expect((await notificationsOf(who)).filter((n) => n.kind === 'event-series-ending' && n.targetId === e.randomId), who.uuid).toHaveLength(count);
    }
  });
});

describe('PUT /api/iam/events/upsert-attend-specific', () => {
  it('writes the event\'s time zone as the last part of the notification\'s text, so it is read at the event\'s place', async () => {
    const [creator, b] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(creator, { title: 'Swap · meet' });
    const date = e.specifics[0]!;
    await attend(b, date.id, 'GOING');
    const told = (await notificationsOf(creator)).filter((n) => n.kind === 'attendance' && n.targetId === e.randomId);
    expect(e.timeZone).toBe('Australia/Sydney');
    expect(told.map((n) => n.text)).toEqual([`GOING · Swap · meet · ${date.startsAt} · Australia/Sydney`]);
    expect(readEventNotice(told[0]!.text, { withStatus: true })).toEqual({ status: 'GOING', title: 'Swap · meet', at: date.startsAt, timeZone: 'Australia/Sydney' });
  });

  it('counts statuses, tells the creator in the same write, and never tells the creator of their own', async () => {
    const [creator, b] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(creator);
    const date = e.specifics[0]!;
    const after = await attend(b, date.id, 'GOING');
    expect(after.specifics[0]).toMatchObject({ myStatus: 'GOING', counts: { going: 1, maybe: 0, notGoing: 0, waiting: 0 } });
    await attend(b, date.id, 'MAYBE');
    await attend(b, date.id, 'MAYBE');
    await attend(creator, date.id, 'GOING');
    expect(await storedCounts(e.id, date.id.split('.')[1]!)).toEqual({ going: 1, maybe: 1, notGoing: 0, waiting: 0 });
    // The counts live on their own item: the date, copied into its indexes, is not rewritten by an answer.
    const stored = await getItem(`event#${e.id}`, `date#${date.id.split('.')[1]}`);
    expect(stored).toMatchObject({ version: 0 });
    expect(stored).not.toHaveProperty('going');
    const told = (await notificationsOf(creator)).filter((n) => n.kind === 'attendance' && n.targetId === e.randomId);
    expect(told.map((n) => n.actorId)).toEqual([b.uuid, b.uuid]);
    expect(told.map((n) => n.text?.split(' · ')[0]).sort()).toEqual(['GOING', 'MAYBE']);
    // The compatibility route confirms without writing.
    const notif = await as<{ notified: boolean }>(b.browser, 'POST', '/api/iam/notifications/new-event-notif', { specificId: date.id });
    expect(notif.data).toEqual({ notified: true });
    expect((await as<{ notified: boolean }>(creator.browser, 'POST', '/api/iam/notifications/new-event-notif', { specificId: date.id })).data).toEqual({ notified: false });
    const stranger = await registeredUser();
    expect((await as(stranger.browser, 'POST', '/api/iam/notifications/new-event-notif', { specificId: date.id })).status).toBe(404);
    expect((await notificationsOf(creator)).filter((n) => n.kind === 'attendance' && n.targetId === e.randomId)).toHaveLength(2);
  });

  it('a capacity lowered below the GOING count moves nobody up when one leaves, until there is room again', async () => {
    const [creator, a, b, c] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const e = await newEvent(creator, { capacity: 2 });
    const date = e.specifics[0]!;
    const dateKey = date.id.split('.')[1]!;
    await attend(a, date.id, 'GOING');
    await attend(b, date.id, 'GOING');
    await attend(c, date.id, 'GOING');
    expect(await storedCounts(e.id, dateKey)).toMatchObject({ going: 2, waiting: 1 });
    expect((await as(creator.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, capacity: 1 })).status).toBe(200);
    await attend(a, date.id, 'NOT_GOING');
    expect(await storedCounts(e.id, dateKey)).toMatchObject({ going: 1, waiting: 1 });
    expect(await getItem(`event#${e.id}`, `attend#${dateKey}#${c.uuid}`)).toMatchObject({ waiting: true });
    await attend(b, date.id, 'MAYBE');
    expect(await storedCounts(e.id, dateKey)).toMatchObject({ going: 1, waiting: 0, maybe: 1 });
    expect(await getItem(`event#${e.id}`, `attend#${dateKey}#${c.uuid}`)).toMatchObject({ waiting: false });
  });

  it('never lets GOING pass the capacity under a race: the rest wait, and a freed place goes to the first waiting member', async () => {
    const creator = await registeredUser();
    const e = await newEvent(creator, { capacity: 2 });
    const date = e.specifics[0]!;
    const people = await Promise.all(Array.from({ length: 7 }, () => registeredUser()));
    await Promise.all(people.map((p) => attend(p, date.id, 'GOING')));
    const rows = await attendance(e.id);
    const going = rows.filter((r) => r.status === 'GOING' && !r.waiting);
    const waiting = rows.filter((r) => r.status === 'GOING' && r.waiting).sort((x, y) => String(x.since).localeCompare(String(y.since)));
    expect(going).toHaveLength(2);
    expect(waiting).toHaveLength(5);
    const dateKey = date.id.split('.')[1]!;
    expect(await storedCounts(e.id, dateKey)).toMatchObject({ going: 2, waiting: 5 });
    // One GOING member leaves: the first waiting one moves up and is told.
    const leaver = people.find((p) => p.uuid === going[0]!.userId)!;
    const first = people.find((p) => p.uuid === waiting[0]!.userId)!;
    const view = await attend(leaver, date.id, 'NOT_GOING');
    expect(view.specifics[0]!.counts).toEqual({ going: 2, maybe: 0, notGoing: 1, waiting: 4 });
    expect(await getItem(`event#${e.id}`, `attend#${dateKey}#${first.uuid}`)).toMatchObject({ status: 'GOING', waiting: false });
    expect((await notificationsOf(first)).filter((n) => n.kind === 'event-promoted')).toHaveLength(1);
    // The counts equal a recount of the attendance items.
    const recount: Record<string, number> = {};
    for (const r of await attendance(e.id)) {
      const bucket = r.waiting ? 'waiting' : r.status === 'GOING' ? 'going' : r.status === 'MAYBE' ? 'maybe' : 'notGoing';
      recount[bucket] = (recount[bucket] ?? 0) + 1;
    }
    expect(await storedCounts(e.id, dateKey)).toMatchObject({ going: recount.going, waiting: recount.waiting, notGoing: recount.notGoing });
    // A larger capacity lets the waiting members in.
    const grown = await as<{ event: EventView }>(creator.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, capacity: 4 });
    expect(grown.data.event.specifics[0]!.counts).toMatchObject({ going: 4, waiting: 2 });
  });

  it('tells each waiting member where they stand, first come first served, moving up as those ahead leave or get a place', async () => {
    // The creator takes the one place.
    const [a, w1, w2, w3] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const e = await newEvent(a, { capacity: 1 });
    const date = e.specifics[0]!;
    const mine = async (who: TestUser) => {
      const res = await as<{ event: EventView }>(who.browser, 'GET', `/api/events/${e.id}`);
      expect(res.status).toBe(200);
      const d = res.data.event.specifics[0]!;
      return { waiting: d.myWaiting, position: d.myWaitlistPosition };
    };
    expect((await attend(a, date.id, 'GOING')).specifics[0]).toMatchObject({ myWaiting: false, myWaitlistPosition: null });
    expect((await attend(w1, date.id, 'GOING')).specifics[0]).toMatchObject({ myWaiting: true, myWaitlistPosition: 1 });
    expect((await attend(w2, date.id, 'GOING')).specifics[0]).toMatchObject({ myWaiting: true, myWaitlistPosition: 2 });
    await attend(w3, date.id, 'GOING');
    expect(await Promise.all([mine(a), mine(w1), mine(w2), mine(w3)])).toEqual([
      { waiting: false, position: null }, { waiting: true, position: 1 }, { waiting: true, position: 2 }, { waiting: true, position: 3 },
    ]);
    // Asking for GOING again keeps the place in the queue.
    expect((await attend(w2, date.id, 'GOING')).specifics[0]).toMatchObject({ myWaiting: true, myWaitlistPosition: 2 });
    // The first waiting member leaves the waitlist: those behind move up.
    await attend(w1, date.id, 'NOT_GOING');
    expect(await Promise.all([mine(w1), mine(w2), mine(w3)])).toEqual([{ waiting: false, position: null }, { waiting: true, position: 1 }, { waiting: true, position: 2 }]);
    // The member with the place leaves: the first waiting one gets it, the next is first.
    await attend(a, date.id, 'NOT_GOING');
    expect(await Promise.all([mine(w2), mine(w3)])).toEqual([{ waiting: false, position: null }, { waiting: true, position: 1 }]);
    // Guests have no position; the attendees' screen carries it too.
    expect((await call<{ event: EventView }>('GET', `/api/events/${e.id}`)).data.event.specifics[0]!.myWaitlistPosition).toBeNull();
    const attendees = await as<{ specific: EventView['specifics'][number] }>(w3.browser, 'GET', `/api/iam/events/details/${e.id}/next`);
    expect(attendees.data.specific).toMatchObject({ myWaiting: true, myWaitlistPosition: 1 });
  });

  it('refuses a cancelled date, and members-only events are 404 to guests and attendees lists are for members', async () => {
    const [creator, b] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(creator, { privacy: 'members', specifics: [dateIn(2), dateIn(9)] });
    expect((await call('GET', `/api/events/${e.randomId}`)).status).toBe(404);
    expect((await call('GET', `/api/events/${e.id}/ics`)).status).toBe(404);
    expect((await as(b.browser, 'GET', `/api/events/${e.randomId}`)).status).toBe(200);
    await attend(b, e.specifics[0]!.id, 'GOING');
    const list = await as<{ attendees: { user: { uuid: string }; status: string }[] }>(b.browser, 'GET', `/api/iam/events/details/${e.randomId}/next`);
    expect(list.status).toBe(200);
    expect(list.data.attendees).toEqual([expect.objectContaining({ user: expect.objectContaining({ uuid: b.uuid }), status: 'GOING' })]);
    expect((await call('GET', `/api/iam/events/details/${e.randomId}/next`)).status).toBe(401);
    const cancel = await as(creator.browser, 'PUT', '/api/iam/events/update-specific', { specificId: e.specifics[1]!.id, cancelled: true });
    expect(cancel.status).toBe(200);
    expect((await as(b.browser, 'PUT', '/api/iam/events/upsert-attend-specific', { specificId: e.specifics[1]!.id, status: 'GOING' })).status).toBe(409);
  });
});

describe('a deleted account\'s answers', () => {
  it('to dates not yet over are withdrawn with their counts; a place it held goes to the first waiting member, who is told, and the creator is not', async () => {
    const [creator, gone, waiter, maybe] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const e = await newEvent(creator, { capacity: 1, specifics: [dateIn(4), dateIn(5)] });
    const [first, second] = e.specifics as [EventView['specifics'][number], EventView['specifics'][number]];
    await attend(gone, first.id, 'GOING');
    await attend(waiter, first.id, 'GOING');
    await attend(gone, second.id, 'MAYBE');
    await attend(maybe, second.id, 'MAYBE');
    const toldBefore = (await notificationsOf(creator)).length;
    expect((await as(gone.browser, 'DELETE', '/api/iam/authn/delete', { uuid: gone.uuid })).status).toBe(200);
    const [k1, k2] = [first.id.split('.')[1]!, second.id.split('.')[1]!];
    expect(await storedCounts(e.id, k1)).toMatchObject({ going: 1, waiting: 0 });
    expect(await storedCounts(e.id, k2)).toMatchObject({ maybe: 1 });
    expect(await getItem(`event#${e.id}`, `attend#${k1}#${gone.uuid}`)).toBeUndefined();
    expect(await getItem(`event#${e.id}`, `attend#${k1}#${waiter.uuid}`)).toMatchObject({ status: 'GOING', waiting: false });
    expect((await notificationsOf(waiter)).filter((n) => n.kind === 'event-promoted' && n.targetId === e.randomId)).toHaveLength(1);
    expect((await notificationsOf(creator)).length).toBe(toldBefore);
    const view = await call<{ event: EventView }>('GET', `/api/events/${e.randomId}`);
    expect(view.data.event.specifics.map((d) => d.counts)).toEqual([
      { going: 1, maybe: 0, notGoing: 0, waiting: 0 },
      { going: 0, maybe: 1, notGoing: 0, waiting: 0 },
    ]);
  });
});

describe('reminders', () => {
  it('go out once to GOING and MAYBE attendees the day before, with an e-mail when settings allow, even when the job runs twice at once', async () => {
    const [creator, going, maybe, notGoing] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const e = await newEvent(creator, { specifics: [dateIn(0.5)] });
    const id = e.specifics[0]!.id;
    await attend(going, id, 'GOING');
    await attend(maybe, id, 'MAYBE');
    await attend(notGoing, id, 'NOT_GOING');
    await as(maybe.browser, 'PUT', '/api/iam/users/update-user-settings', { notify_email_events: false });
    await Promise.all([sendReminders(), sendReminders()]);
    await sendReminders();
    for (const [who, count] of [[going, 1], [maybe, 1], [notGoing, 0]] as const) {
      expect((await notificationsOf(who)).filter((n) => n.kind === 'event-reminder' && n.targetId === e.randomId)).toHaveLength(count);
    }
    const mails = (await outbox()).filter((m) => 'subject' in m && String(m.subject) === `Tomorrow: ${e.title}`);
    const to = mails.map((m) => (m as { to: string }).to);
    expect(to.filter((t) => t === going.email)).toHaveLength(1);
    expect(to).not.toContain(maybe.email);
    // Said as the site says it: at the event's place, its zone named.
    const start = e.specifics.find((s) => s.id === id)!.startsAt;
    expect(String((mails.find((m) => (m as { to: string }).to === going.email) as { text: string }).text)).toContain(`is on ${eventTimeText(start, e.timeZone, { locale: 'en' })}.`);
    expect(eventTimeText(start, e.timeZone, { locale: 'en' })).toMatch(/^\w{3} \d{1,2} \w{3}( \d{4})?, \d{2}:\d{2} \(Australia\/Sydney time\)$/);
    expect(await getItem(`event#${e.id}`, `date#${id.split('.')[1]}`)).toMatchObject({ reminderSent: true });
  });

  it('a date moved to another day reminds its attendees again the day before its new start', async () => {
    const [creator, going] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(creator, { specifics: [dateIn(0.5)] });
    const id = e.specifics[0]!.id;
    await attend(going, id, 'GOING');
    await sendReminders();
    const reminders = async () => (await notificationsOf(going)).filter((n) => n.kind === 'event-reminder' && n.targetId === e.randomId);
    expect(await reminders()).toHaveLength(1);
    const later = dateIn(4);
    const res = await as(creator.browser, 'PUT', '/api/iam/events/update-specific', { specificId: id, ...later });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await getItem(`event#${e.id}`, `attend#${id.split('.')[1]}#${going.uuid}`)).toMatchObject({ startsAt: later.startsAt, reminded: false });
    await sendReminders({ nowMs: Date.parse(later.startsAt) - DAY / 2 });
    expect(await reminders()).toHaveLength(2);
  });
});

describe('calendar files', () => {
  it('GET /api/events/{id}/ics: one VEVENT per date, stable UIDs, UTC times, GEO, URL, and STATUS:CANCELLED, without client-platform', async () => {
    const a = await registeredUser();
    const e = await newEvent(a, { title: 'Swap; meet, "big"', specifics: [dateIn(2), dateIn(9)] });
    await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: e.specifics[1]!.id, cancelled: true });
    const fetchIcs = async () => fetch(`${hostUrl()}/api/events/${e.randomId}/ics`);
    const res = await fetchIcs();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    const parsed = new ICAL.Component(ICAL.parse(text));
    const vevents = parsed.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(vevents).toHaveLength(2);
    expect(vevents[0]!.summary).toBe('Swap; meet, "big"');
    expect(vevents[0]!.startDate.toJSDate().toISOString()).toBe(e.specifics[0]!.startsAt);
    expect(vevents[0]!.endDate.toJSDate().toISOString()).toBe(e.specifics[0]!.endsAt);
    expect(vevents[0]!.component.getFirstPropertyValue('url')).toBe(e.url);
    expect(vevents[0]!.component.getFirstPropertyValue('geo')).toEqual([NEWTOWN.latitude, NEWTOWN.longitude]);
    expect(vevents[0]!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevents[1]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    const again = new ICAL.Component(ICAL.parse(await (await fetchIcs()).text()));
    expect(again.getAllSubcomponents('vevent').map((c) => c.getFirstPropertyValue('uid'))).toEqual(vevents.map((v) => v.uid));
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    // The product calendar apps show as the file's maker.
    expect(parsed.getFirstPropertyValue('prodid')).toBe('-//Leafline//Events//EN');
  });

  it('the private feed holds GOING and MAYBE dates and the pages\' events; rotating the token retires the old address', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(a, { title: 'Seed library open day' });
    const page = await newPage(a);
    await join(b, page.id);
    const pageEvent = await newEvent(a, { title: 'Garden working bee', pageId: page.id });
    await attend(b, e.specifics[0]!.id, 'MAYBE');
    const made = await as<{ url: string }>(b.browser, 'POST', '/api/iam/events/ics-token', {});
    expect(made.status).toBe(200);
    expect((await as<{ calendarFeedUrl: string }>(b.browser, 'GET', '/api/iam/users/user-settings')).data.calendarFeedUrl).toBe(made.data.url);
    const path = new URL(made.data.url).pathname;
    const feed = await fetch(`${hostUrl()}${path}`);
    expect(feed.status).toBe(200);
    const summaries = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((c) => c.getFirstPropertyValue('summary'));
    expect(summaries.sort()).toEqual(['Garden working bee', 'Seed library open day']);
    expect(pageEvent.owner.type).toBe('page');
    const rotated = await as<{ url: string }>(b.browser, 'POST', '/api/iam/events/ics-token', {});
    expect(rotated.data.url).not.toBe(made.data.url);
    expect((await fetch(`${hostUrl()}${path}`)).status).toBe(404);
    expect((await fetch(`${hostUrl()}${new URL(rotated.data.url).pathname}`)).status).toBe(200);
  });
});

describe('changing dates', () => {
  it('a moved or cancelled date tells its attendees; rewriting the series keeps a date edited by hand', async () => {
    const [creator, b] = await Promise.all([registeredUser(), registeredUser()]);
    const first = dateIn(2);
    const e = await newEvent(creator, { specifics: [first], recurrence: { rrule: 'FREQ=WEEKLY' } });
    const [d0, d1, d2] = e.specifics;
    await attend(b, d1!.id, 'GOING');
    await attend(b, d2!.id, 'GOING');
    // By hand: d1 moves an hour later (kept by the rewrite below).
    const moved = new Date(Date.parse(d1!.startsAt) + 3_600_000).toISOString();
    const res = await as<{ specific: { startsAt: string; edited: boolean } }>(creator.browser, 'PUT', '/api/iam/events/update-specific', { specificId: d1!.id, startsAt: moved, endsAt: new Date(Date.parse(moved) + 7_200_000).toISOString() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data.specific).toMatchObject({ startsAt: moved, edited: true });
    expect((await notificationsOf(b)).filter((n) => n.kind === 'event-moved')).toHaveLength(1);
    expect(await getItem(`event#${e.id}`, `attend#${d1!.id.split('.')[1]}#${b.uuid}`)).toMatchObject({ startsAt: moved });
    const backwards = await as(creator.browser, 'PUT', '/api/iam/events/update-specific', { specificId: d1!.id, startsAt: moved, endsAt: d0!.startsAt });
    expect(backwards.status).toBe(400);
    expect(backwards.json).toMatchObject({ error: { field: 'endsAt' } });
    // Rewrite from d1 on: every 2 weeks, from d1's original day. d1 (edited) stays as it is,
    // d2 has no date of its own any more: cancelled, and b is told.
    const rewrite = await as<{ event: EventView }>(creator.browser, 'PUT', '/api/iam/events/future-dates/update', {
      eventId: e.id, from: d1!.startsAt, first: { startsAt: d1!.startsAt, endsAt: d1!.endsAt }, recurrence: { rrule: 'FREQ=WEEKLY;INTERVAL=2' },
    });
    expect(rewrite.status, JSON.stringify(rewrite.json)).toBe(200);
    const after = rewrite.data.event.specifics;
    expect(after.find((s) => s.id === d1!.id)).toMatchObject({ startsAt: moved, edited: true, cancelled: false });
    expect(after.find((s) => s.id === d2!.id)).toMatchObject({ cancelled: true });
    expect((await notificationsOf(b)).filter((n) => n.kind === 'event-cancelled')).toHaveLength(1);
    expect(rewrite.data.event.recurrence).toMatchObject({ rrule: 'FREQ=WEEKLY;INTERVAL=2' });
  });
});

describe('rewriting a series', () => {
  it('keeps a date added by hand, and a date it removes takes its NOT_GOING answers with it', async () => {
    const [creator, b] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(creator, { specifics: [dateIn(2)], recurrence: { rrule: 'FREQ=WEEKLY' } });
    const [d0, d1] = e.specifics as [EventView['specifics'][0], EventView['specifics'][0]];
    const extra = { startsAt: new Date(Date.parse(d0.startsAt) + 3 * 86_400_000).toISOString(), endsAt: new Date(Date.parse(d0.startsAt) + 3 * 86_400_000 + 3_600_000).toISOString() };
    const added = await as<{ event: EventView }>(creator.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics: [extra] });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const extraDate = added.data.event.specifics.find((d) => d.startsAt === extra.startsAt)!;
    expect(extraDate).toMatchObject({ edited: true });
    await attend(b, d1.id, 'NOT_GOING');
    const k1 = d1.id.split('.')[1]!;
    expect(await getItem(`event#${e.id}`, `attend#${k1}#${b.uuid}`)).toBeDefined();
    // Every 2 weeks from d0: d1 (a week on, nobody coming) goes; the date added by hand stays.
    const rewrite = await as<{ event: EventView }>(creator.browser, 'PUT', '/api/iam/events/future-dates/update', {
      eventId: e.id, from: d0.startsAt, first: { startsAt: d0.startsAt, endsAt: d0.endsAt }, recurrence: { rrule: 'FREQ=WEEKLY;INTERVAL=2' },
    });
    expect(rewrite.status, JSON.stringify(rewrite.json)).toBe(200);
    const ids = rewrite.data.event.specifics.map((d) => d.id);
    expect(ids).toContain(extraDate.id);
    expect(ids).not.toContain(d1.id);
    expect(await getItem(`event#${e.id}`, `attend#${k1}#${b.uuid}`)).toBeUndefined();
  });
});

describe('large dates', () => {
  it('a moved date and a larger capacity do a batch of attendees in the request, the job the rest: each attendee once', async () => {
    const creator = await registeredUser();
    const e = await newEvent(creator, { capacity: 1, specifics: [dateIn(3), dateIn(10)] });
    const [d0, d1] = e.specifics as [EventView['specifics'][0], EventView['specifics'][0]];
    const size = Math.max(ATTENDEE_BATCH, PROMOTE_BATCH) + 5;
    const people = await Promise.all(Array.from({ length: size }, () => registeredUser()));
    // Everyone goes to both dates: one place each, the others wait.
    for (let i = 0; i < people.length; i += 6) await Promise.all(people.slice(i, i + 6).flatMap((p) => [attend(p, d0.id, 'GOING'), attend(p, d1.id, 'GOING')]));
    const k0 = d0.id.split('.')[1]!;
    const k1 = d1.id.split('.')[1]!;
    expect(await storedCounts(e.id, k1)).toMatchObject({ going: 1, waiting: size - 1 });
    // d1 moves: the request brings one batch up to date and leaves the rest, marked, to the job.
    const moved = new Date(Date.parse(d1.startsAt) + 3_600_000).toISOString();
    const res = await as(creator.browser, 'PUT', '/api/iam/events/update-specific', { specificId: d1.id, startsAt: moved, endsAt: new Date(Date.parse(moved) + 7_200_000).toISOString() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const onD1 = async () => (await attendance(e.id)).filter((a) => a.dateKey === k1);
    expect((await onD1()).filter((a) => a.startsAt === moved)).toHaveLength(ATTENDEE_BATCH);
    expect(await getItem('evwork', `date#${e.id}#${k1}`)).toMatchObject({ sequence: 1, tell: 'moved' });
    // A larger capacity (none): one batch of waiting members moves up, the rest is the job's.
    const grown = await as<{ event: EventView }>(creator.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, capacity: null });
    expect(grown.status, JSON.stringify(grown.json)).toBe(200);
    const promotedNow = grown.data.event.specifics.reduce((n, d) => n + d.counts.going - 1, 0);
    expect(promotedNow).toBe(PROMOTE_BATCH);
    expect(await getItem('evwork', `promote#${e.id}`)).toBeDefined();
    // The job, twice at once: the rest, and nobody twice.
    await Promise.all([resumeDateWork(), resumeDateWork(), resumePromotions(), resumePromotions()]);
    expect((await onD1()).every((a) => a.startsAt === moved && a.seenSequence === 1)).toBe(true);
    expect(await storedCounts(e.id, k0)).toMatchObject({ going: size, waiting: 0 });
    expect(await storedCounts(e.id, k1)).toMatchObject({ going: size, waiting: 0 });
    expect(await getItem('evwork', `date#${e.id}#${k1}`)).toBeUndefined();
    expect(await getItem('evwork', `promote#${e.id}`)).toBeUndefined();
    const told = await Promise.all(people.map(async (p) => (await notificationsOf(p)).filter((n) => n.targetId === e.randomId)));
    for (const mine of told) expect(mine.filter((n) => n.kind === 'event-moved')).toHaveLength(1);
    expect(told.flat().filter((n) => n.kind === 'event-promoted')).toHaveLength(2 * (size - 1));
    // Run again: nothing left, nobody told again.
    await Promise.all([resumeDateWork(), resumePromotions()]);
    const again = await Promise.all(people.map(async (p) => (await notificationsOf(p)).filter((n) => n.targetId === e.randomId && n.kind === 'event-moved')));
    expect(again.flat()).toHaveLength(size);
    // d0 is cancelled (a batch told now), then restored before the job runs: the job tells nobody it is cancelled.
    for (const cancelled of [true, false]) expect((await as(creator.browser, 'PUT', '/api/iam/events/update-specific', { specificId: d0.id, cancelled })).status).toBe(200);
    await Promise.all([resumeDateWork(), resumeDateWork()]);
    const cancelledNotes = await Promise.all(people.map(async (p) => (await notificationsOf(p)).filter((n) => n.targetId === e.randomId && n.kind === 'event-cancelled')));
    expect(cancelledNotes.flat()).toHaveLength(ATTENDEE_BATCH);
  }, 120_000);

  it('a date stored with its counts on it (before the counter items) adds them, capacity included; an answer after a move keeps the member up to date, and the job tells nobody again', async () => {
    const [creator, b, c] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const e = await newEvent(creator, { capacity: 2 });
    const date = e.specifics[0]!;
    const dateKey = date.id.split('.')[1]!;
    // As dates were written before: the counts on the date item itself.
    await setAttributes(`event#${e.id}`, `date#${dateKey}`, { going: 1, maybe: 2, notGoing: 0, waiting: 0 });
    expect((await call<{ event: EventView }>('GET', `/api/events/${e.randomId}`)).data.event.specifics[0]!.counts).toEqual({ going: 1, maybe: 2, notGoing: 0, waiting: 0 });
    const one = await attend(b, date.id, 'GOING');
    expect(one.specifics[0]).toMatchObject({ counts: { going: 2, maybe: 2 }, full: true, myStatus: 'GOING', myWaiting: false });
    // The place the stored count holds is taken: the next GOING waits.
    const two = await attend(c, date.id, 'GOING');
    expect(two.specifics[0]).toMatchObject({ counts: { going: 2, waiting: 1 }, myWaiting: true });
    // The date moves (both are told in the request); c answers again after it: still up to date, and the job tells nobody again.
    const moved = new Date(Date.parse(date.startsAt) + 3_600_000).toISOString();
    expect((await as(creator.browser, 'PUT', '/api/iam/events/update-specific', { specificId: date.id, startsAt: moved, endsAt: new Date(Date.parse(moved) + 3_600_000).toISOString() })).status).toBe(200);
    await attend(c, date.id, 'MAYBE');
    await resumeDateWork();
    expect((await notificationsOf(b)).filter((n) => n.kind === 'event-moved' && n.targetId === e.randomId)).toHaveLength(1);
    expect((await notificationsOf(c)).filter((n) => n.kind === 'event-moved' && n.targetId === e.randomId)).toHaveLength(1);
    expect(await getItem(`event#${e.id}`, `attend#${dateKey}#${c.uuid}`)).toMatchObject({ startsAt: moved, seenSequence: 1 });
  });

  it('a date removed by a rewrite is kept (cancelled) when someone answered it, and a cancelled date refuses answers', async () => {
    const [creator, b] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(creator, { specifics: [dateIn(2)], recurrence: { rrule: 'FREQ=WEEKLY' } });
    const [, d1, d2] = e.specifics;
    await attend(b, d2!.id, 'MAYBE');
    // Every two weeks from d1: d2 has no place in the new rule; it is attended, so it is cancelled, not removed.
    const rewrite = await as<{ event: EventView }>(creator.browser, 'PUT', '/api/iam/events/future-dates/update', {
      eventId: e.id, from: d1!.startsAt, first: { startsAt: d1!.startsAt, endsAt: d1!.endsAt }, recurrence: { rrule: 'FREQ=WEEKLY;INTERVAL=2' },
    });
    expect(rewrite.status, JSON.stringify(rewrite.json)).toBe(200);
    expect(rewrite.data.event.specifics.find((s) => s.id === d2!.id)).toMatchObject({ cancelled: true, counts: { maybe: 1 } });
    const refused = await as(b.browser, 'PUT', '/api/iam/events/upsert-attend-specific', { specificId: d2!.id, status: 'GOING' });
    expect(refused.status).toBe(409);
    expect(await storedCounts(e.id, d2!.id.split('.')[1]!)).toEqual({ going: 0, maybe: 1, notGoing: 0, waiting: 0 });
    // The unattended dates the rule dropped are gone with their counter items.
    const keys = (await queryPartition(`event#${e.id}`)).map((i) => String(i.sk));
    for (const k of keys.filter((x) => x.startsWith('count#'))) expect(keys).toContain(`date#${k.slice(6)}`);
  });
});

describe('locations', () => {
  it('are shared by address, found by name and state and by address, and merged when the same name lies within 50 m', async () => {
    const a = await registeredUser();
    const name = `Rose Garden ${randomUUID().slice(0, 8)}`;
    const spot = somewhere();
    const withAddress = { name, address: '1 Rose Lane', suburbCity: 'Paddington', state: 'Queensland', ...spot };
    const e1 = await newEvent(a, { location: withAddress });
    const e2 = await newEvent(a, { location: { ...withAddress, address: '1 rose lane.' } });
    expect(e2.place.locationId).toBe(e1.place.locationId);
    // The same place named without an address, 20 m away: another location until merged.
    const e3 = await newEvent(a, { location: { name, state: 'Queensland', latitude: spot.latitude + 0.00018, longitude: spot.longitude } });
    expect(e3.place.locationId).not.toBe(e1.place.locationId);
    const byName = await as<{ locations: EventLocationView[] }>(a.browser, 'GET', `/api/iam/events/get-event-location/name-state/${encodeURIComponent(name.toUpperCase())}/queensland`);
    expect(byName.data.locations.map((l) => l.id).sort()).toEqual([e1.place.locationId, e3.place.locationId].sort());
    const byAddress = await as<{ locations: EventLocationView[] }>(a.browser, 'GET', '/api/iam/events/get-event-location/address/1%20Rose%20Lane/paddington/QUEENSLAND');
    expect(byAddress.data.locations).toEqual([expect.objectContaining({ id: e1.place.locationId, eventCount: 2 })]);
    // The admin merge walks every location in batches until the cursor runs out.
    const boss = await admin();
    let cursorId: string | null = null;
    let rounds = 0;
    do {
      const res: { status: number; data: { cursorId: string | null } } = await as(boss.browser, 'DELETE', '/api/iam/admin/location-duplicates', cursorId ? { cursorId } : {});
      expect(res.status).toBe(200);
      cursorId = res.data.cursorId;
    } while (cursorId && ++rounds < 500);
    const keep = [e1.place.locationId!, e3.place.locationId!].sort()[0]!;
    for (const e of [e1, e2, e3]) {
      const stored = await getItem(`event#${e.id}`, 'event');
      expect(stored?.locationId).toBe(keep);
      expect(await getItem(`evloc#${keep}`, 'evloc')).toMatchObject({ eventCount: 3 });
      // The dates that follow their event's place moved with it: no card shows the removed place.
      const dates = await storedDates(e.id);
      expect(dates.length).toBeGreaterThan(0);
      for (const d of dates) expect(d).toMatchObject({ locationId: keep, placeName: name, ownPlace: false });
    }
    const gone = [e1.place.locationId!, e3.place.locationId!].find((id) => id !== keep)!;
    expect(await getItem(`evloc#${gone}`, 'evloc')).toBeUndefined();
  });

  it('an orphan is removed by the admin route, and a page\'s profile lists its events and their places', async () => {
    const a = await registeredUser();
    const page = await newPage(a);
    const place = { ...NEWTOWN, name: `Orphan Hall ${randomUUID().slice(0, 6)}`, address: `${Math.floor(Math.random() * 1e6)} Hall St` };
    const e = await newEvent(a, { pageId: page.id, location: place });
    const details = await call<PageDetails>('GET', `/api/page/all-details/${page.handle}`);
    expect(details.status).toBe(200);
    expect(details.data.counts.upcomingEvents).toBe(1);
    expect(details.data.events.map((d: EventDateCard) => d.event.id)).toEqual([e.id]);
    expect(details.data.event_locations.map((l) => l.id)).toEqual([e.place.locationId]);
    const pageEvents = await call<{ dates: EventDateCard[] }>('GET', `/api/page/events/${page.handle}`);
    expect(pageEvents.data.dates.map((d) => d.event.id)).toEqual([e.id]);
    expect((await as(a.browser, 'DELETE', '/api/iam/events', { eventId: e.id })).status).toBe(200);
    expect((await call<PageDetails>('GET', `/api/page/all-details/${page.handle}`)).data).toMatchObject({ counts: { upcomingEvents: 0 }, event_locations: [] });
    expect(await getItem(`evloc#${e.place.locationId}`, 'evloc')).toMatchObject({ eventCount: 0 });
    const boss = await admin();
    let cursorId: string | null = null;
    let rounds = 0;
    do {
      const res: { status: number; data: { cursorId: string | null } } = await as(boss.browser, 'DELETE', '/api/iam/admin/orphaned-locations', cursorId ? { cursorId } : {});
      expect(res.status).toBe(200);
      cursorId = res.data.cursorId;
    } while (cursorId && ++rounds < 500);
    expect(await getItem(`evloc#${e.place.locationId}`, 'evloc')).toBeUndefined();
  });
});

describe('GET /api/iam/events/my-pages', () => {
  it('answers the upcoming dates of the caller\'s pages only, soonest first, members-only ones to members, and nothing for a pending request', async () => {
    const [a, b, c] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const [garden, nursery, other, closed] = await Promise.all([newPage(a), newPage(a), newPage(c), newPage(c, { openness: 'moderated' })]);
    const later = await newEvent(a, { pageId: garden.id, specifics: [dateIn(9)] });
    const sooner = await newEvent(a, { pageId: nursery.id, privacy: 'members', specifics: [dateIn(2), dateIn(12)] });
    await newEvent(c, { pageId: other.id, specifics: [dateIn(1)] });
    await newEvent(c, { pageId: closed.id, specifics: [dateIn(1)] });
    await Promise.all([join(b, garden.id), join(b, nursery.id)]);
    expect((await as(b.browser, 'POST', '/api/iam/pages/join', { pageId: closed.id })).status).toBe(200);
    const res = await as<{ dates: EventDateCard[] }>(b.browser, 'GET', '/api/iam/events/my-pages');
    expect(res.status).toBe(200);
    expect(res.data.dates.map((d) => d.date.id)).toEqual([sooner.specifics[0]!.id, later.specifics[0]!.id, sooner.specifics[1]!.id]);
    expect(res.data.dates.map((d) => d.event.owner.name)).toEqual([nursery.name, garden.name, nursery.name]);
    const none = await as<{ dates: EventDateCard[] }>(c.browser, 'GET', '/api/iam/events/my-pages');
    expect(none.data.dates.map((d) => d.event.owner.id).every((id) => id === other.id || id === closed.id)).toBe(true);
    expect((await call('GET', '/api/iam/events/my-pages')).status).toBe(401);
  });
});

describe('nearby events', () => {
  it('soonest first, then nearest, with the distance, in the list, the month view and the Near you panel', async () => {
    const a = await registeredUser();
    // The middle of a ~5 km cell: a guest's panel is answered for it (shared/panel-point.ts), so its distances are these too.
    const here = panelPoint(somewhere());
    // 0.045° and 0.009° of latitude: about 5 km and 1 km north. The farther one is sooner, and comes first.
    const sooner = await newEvent(a, { title: 'Day three, 5 km', location: { name: 'Five km', latitude: here.latitude + 0.045, longitude: here.longitude }, specifics: [dateIn(3)] });
    const later = await newEvent(a, { title: 'Day five, 1 km', location: { name: 'One km', latitude: here.latitude + 0.009, longitude: here.longitude }, specifics: [dateIn(5)] });
    // On the same day, the nearer first.
    const sameDay = await newEvent(a, { title: 'Day five, 3 km', location: { name: 'Three km', latitude: here.latitude + 0.027, longitude: here.longitude }, specifics: [dateIn(5)] });
    const q = `lat=${here.latitude}&long=${here.longitude}&radiusKm=20`;
    const list = await call<{ events: NearbyEvent[] }>('GET', `/api/events/nearby?${q}`);
    expect(list.status).toBe(200);
    expect(list.data.events.map((x) => [x.event.id, x.distance_km])).toEqual([[sooner.id, 5], [later.id, 1], [sameDay.id, 3]]);
    const all = await call<{ dates: NearbyEvent[] }>('GET', `/api/events/all/nearby?${q}`);
    expect(all.data.dates.map((x) => x.event.id)).toEqual([sooner.id, later.id, sameDay.id]);
    const panel = await call<NearYou>('GET', `/api/nearby/near-you?lat=${here.latitude}&long=${here.longitude}`);
    expect(panel.data.events.map((x) => [x.event.id, x.distance_km])).toEqual([[sooner.id, 5], [later.id, 1], [sameDay.id, 3]]);
  });

  it('upcoming dates only, one entry per event, members-only hidden from guests, and in the Near you panel', async () => {
    const a = await registeredUser();
    const here = panelPoint(somewhere());
    const near = await newEvent(a, { title: 'Near', location: { name: 'Here', ...here }, specifics: [dateIn(3), dateIn(10)] });
    const far = await newEvent(a, { title: 'Farther', location: { name: 'There', latitude: here.latitude + 0.05, longitude: here.longitude } });
    const secret = await newEvent(a, { title: 'Members', privacy: 'members', location: { name: 'Here too', ...here } });
    // Entered late (it ended an hour ago): it is out of every upcoming list by its key (endsAt), with no job.
    const past = await newEvent(a, { title: 'Over', location: { name: 'Here', ...here }, specifics: [dateIn(-0.15, 1)] });
    await attend(a, near.specifics[0]!.id, 'GOING');
    const q = `lat=${here.latitude}&long=${here.longitude}&radiusKm=20`;
    const guest = await call<{ events: NearbyEvent[] }>('GET', `/api/events/nearby?${q}`);
    expect(guest.status).toBe(200);
    const titles = guest.data.events.map((x) => x.event.title);
    expect(titles.slice(0, 2)).toEqual(['Near', 'Farther']);
    expect(titles).not.toContain('Members');
    expect(titles).not.toContain('Over');
    expect(past.specifics).toHaveLength(1);
    expect(guest.data.events[0]!.date.id).toBe(near.specifics[0]!.id);
    // Cards carry their dates' counts (read beside the dates, one BatchGet per list).
    expect(guest.data.events[0]!.date.counts).toEqual({ going: 1, maybe: 0, notGoing: 0, waiting: 0 });
    expect(guest.data.events[1]!.date.counts).toEqual({ going: 0, maybe: 0, notGoing: 0, waiting: 0 });
    expect(guest.data.events[1]!.distance_km).toBeGreaterThanOrEqual(5);
    const member = await as<{ events: NearbyEvent[] }>(a.browser, 'GET', `/api/events/nearby?${q}`);
    expect(member.data.events.map((x) => x.event.id)).toContain(secret.id);
    const all = await call<{ dates: NearbyEvent[] }>('GET', `/api/events/all/nearby?${q}`);
    expect(all.data.dates.filter((d) => d.event.id === near.id)).toHaveLength(2);
    const panel = await call<NearYou>('GET', `/api/nearby/near-you?lat=${here.latitude}&long=${here.longitude}`);
    expect(panel.data.events.map((x) => x.event.id)[0]).toBe(near.id);
    expect(panel.data.events[0]!.date.counts.going).toBe(1);
    expect(all.data.dates.find((d) => d.date.id === near.specifics[0]!.id)!.date.counts.going).toBe(1);
    expect(far.id).toBeTruthy();
  });
});

describe('DELETE /api/iam/events', () => {
  it('removes the event and its dates, tells attendees of upcoming dates, and is refused to others', async () => {
    const [creator, b, c] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const e = await newEvent(creator);
    await attend(b, e.specifics[0]!.id, 'GOING');
    expect((await as(c.browser, 'DELETE', '/api/iam/events', { eventId: e.id })).status).toBe(403);
    expect((await as(creator.browser, 'DELETE', '/api/iam/events', { eventId: e.id, userId: c.uuid })).status).toBe(403);
    expect((await as(creator.browser, 'DELETE', '/api/iam/events', { eventId: e.id })).status).toBe(200);
    expect((await call('GET', `/api/events/${e.randomId}`)).status).toBe(404);
    expect((await queryPartition(`event#${e.id}`)).map((i) => i.sk)).toEqual(['event']);
    expect(await getItem(`event#${e.id}`, 'event')).toHaveProperty('deletedAt');
    expect((await notificationsOf(b)).filter((n) => n.kind === 'event-cancelled' && n.targetId === e.randomId)).toHaveLength(1);
  });

  it('deleting a page cancels its events, and the notice names no member as its author (never the page\'s id)', async () => {
    const [owner, b] = await Promise.all([registeredUser(), registeredUser()]);
    const page = await newPage(owner);
    const e = await newEvent(owner, { pageId: page.id });
    await attend(b, e.specifics[0]!.id, 'GOING');
    expect((await as(owner.browser, 'DELETE', '/api/iam/pages/page', { pageId: page.id })).status).toBe(200);
    expect(await getItem(`event#${e.id}`, 'event')).toHaveProperty('deletedAt');
    // Its dates went with their counter items.
    expect((await queryPartition(`event#${e.id}`)).map((i) => i.sk)).toEqual(['event']);
    const told = (await notificationsOf(b)).filter((n) => n.kind === 'event-cancelled' && n.targetId === e.randomId);
    expect(told).toHaveLength(1);
    expect(told[0]!.actor).toBeNull();
  });
});

describe('lists and lookups', () => {
  it('new-specifics adds dates (a start that exists is not added twice); a page\'s and a member\'s lists go upcoming then past; everyone\'s list hides members-only events from guests', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const page = await newPage(a);
    const [d4, d11, d18] = [dateIn(4), dateIn(11), dateIn(18)];
    const e = await newEvent(a, { pageId: page.id, specifics: [d4] });
    const more = await as<{ event: EventView }>(a.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics: [d4, d11, d18] });
    expect(more.status, JSON.stringify(more.json)).toBe(200);
    expect(more.data.event.specifics.map((s) => s.startsAt)).toEqual([d4.startsAt, d11.startsAt, d18.startsAt]);
    expect(await getItem(`event#${e.id}`, 'event')).toMatchObject({ dateCount: 3 });
    // A date entered late (over an hour ago) is past.
    await as(a.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics: [dateIn(-0.15, 1)] });

    const upcoming = await as<{ dates: EventDateCard[] }>(b.browser, 'GET', `/api/iam/events/get-by-page/${page.id}/upcoming`);
    expect(upcoming.data.dates.map((d) => d.date.startsAt)).toEqual([d4.startsAt, d11.startsAt, d18.startsAt]);
    const past = await as<{ dates: EventDateCard[] }>(b.browser, 'GET', `/api/iam/events/get-by-page/${page.id}/past`);
    expect(past.data.dates).toHaveLength(1);
    expect(Date.parse(past.data.dates[0]!.date.endsAt)).toBeLessThan(Date.now());

    const mine = await newEvent(b, { privacy: 'members', title: `Members only ${randomUUID().slice(0, 6)}` });
    const byUser = await as<{ dates: EventDateCard[] }>(a.browser, 'GET', `/api/iam/events/get-by-user/${b.uuid}`);
    expect(byUser.data.dates.map((d) => d.event.id)).toEqual([mine.id]);
    expect((await call('GET', `/api/iam/events/get-by-user/${b.uuid}`)).status).toBe(401);

    // Everyone's upcoming dates, paged: walk them all; guests never meet the members-only one.
    const walk = async (who: TestUser | null): Promise<string[]> => {
      const ids: string[] = [];
      let cursorId: string | null = null;
      for (let i = 0; i < 200; i++) {
        const path: string = `/api/events/more/all${cursorId ? `?cursorId=${cursorId}` : ''}`;
        const res = who ? await as<{ dates: EventDateCard[]; cursorId: string | null }>(who.browser, 'GET', path) : await call<{ dates: EventDateCard[]; cursorId: string | null }>('GET', path);
        expect(res.status).toBe(200);
        ids.push(...res.data.dates.map((d) => d.event.id));
        cursorId = res.data.cursorId;
        if (!cursorId) break;
      }
      return ids;
    };
    const [guestIds, memberIds] = await Promise.all([walk(null), walk(a)]);
    expect(guestIds).toContain(e.id);
    expect(guestIds).not.toContain(mine.id);
    expect(memberIds).toContain(mine.id);
    expect((await call('GET', '/api/events/more/all?cursorId=bm90LWEtY3Vyc29y')).status).toBe(400);
  });

  it('an event\'s locations (by id or random id, with a date\'s own place) and a page\'s locations', async () => {
    const a = await registeredUser();
    const page = await newPage(a);
    const e = await newEvent(a, { pageId: page.id, specifics: [dateIn(3), dateIn(10)] });
    const hall = { name: `Scout hall ${randomUUID().slice(0, 6)}`, address: '3 Scout Rd', suburbCity: 'Newtown', state: 'New South Wales', latitude: -33.9, longitude: 151.18 };
    const moved = await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: e.specifics[1]!.id, location: hall });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const byId = await as<{ locations: EventLocationView[] }>(a.browser, 'GET', `/api/iam/events/get-event-locations/event/${e.id}/null`);
    expect(byId.data.locations.map((l) => l.name)).toEqual([NEWTOWN.name, hall.name]);
    const byRandom = await as<{ locations: EventLocationView[] }>(a.browser, 'GET', `/api/iam/events/get-event-locations/event/null/${e.randomId}`);
    expect(byRandom.data.locations).toEqual(byId.data.locations);
    expect((await as(a.browser, 'GET', '/api/iam/events/get-event-locations/event/null/null')).status).toBe(400);
    const ofPage = await as<{ locations: EventLocationView[] }>(a.browser, 'GET', `/api/iam/events/get-event-locations/page/${page.id}`);
    expect(ofPage.data.locations.map((l) => l.name).sort()).toEqual([NEWTOWN.name, hall.name].sort());
    // The date back to the event's place: the page no longer uses the hall.
    await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: e.specifics[1]!.id, location: null });
    const after = await as<{ locations: EventLocationView[] }>(a.browser, 'GET', `/api/iam/events/get-event-locations/page/${page.id}`);
    expect(after.data.locations.map((l) => l.name)).toEqual([NEWTOWN.name]);
  });
});

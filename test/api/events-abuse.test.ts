/**
 * Events under attack: what a guest, an unverified sign-up, a suspended member, another member, a
 * page's plain member and a deleted account's old cookie may do on the events routes. Members-only
 * events and their places stay with members, writes are bounded, and what is refused leaves
 * nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventLocationView } from '../../shared/answers/events';
import type { PageDetails } from '../../shared/answers/pages';
import { DEFAULT_LIMITS } from '../../functions/lib/rate-limit';
import { MAX_DATES_PER_EVENT } from '../../shared/schemas/events';
import { as, type Browser } from '../support/accounts';
import { call } from '../support/api';
import { getItem, queryPartition, setAttributes } from '../support/db';
import { attend, dateIn, NEWTOWN, newEvent } from '../support/events';
import { useHostTableAndBucket } from '../support/host-env';
import { newPage, withRole } from '../support/pages';
import { registeredUser, signInAgain, unregisteredUser } from '../support/users';

beforeAll(() => useHostTableAndBucket());

const DAY = 86_400_000;

/** A place of its own, so a page's places are only this test's. */
const placeNamed = (name: string) => ({ ...NEWTOWN, name: `${name} ${randomUUID().slice(0, 8)}`, address: `${Math.floor(Math.random() * 1e6)} Fern St` });

describe('attendee lists', () => {
  it('are for members: an unverified sign-up and a suspended member are refused, even on a public event', async () => {
    const [creator, plain, unverified, suspended] = await Promise.all([registeredUser(), registeredUser(), unregisteredUser(), registeredUser()]);
    const e = await newEvent(creator);
    await setAttributes(`user#${suspended.uuid}`, 'profile', { suspended: true });
    const banned = await signInAgain(suspended);
    const path = `/api/iam/events/details/${e.randomId}/next`;
    expect((await as(plain.browser, 'GET', path)).status).toBe(200);
    expect((await call('GET', path)).status).toBe(401);
    for (const who of [unverified, banned]) {
      const res = await as(who.browser, 'GET', path);
      expect(res.status, who.email).toBe(403);
    }
  });
});

describe('a page\'s places', () => {
  it('of its members-only events are not shown to guests or unverified sign-ups (profile and locations route), only to members', async () => {
    const [owner, plain, unverified] = await Promise.all([registeredUser(), registeredUser(), unregisteredUser()]);
    const page = await newPage(owner);
    const open = await newEvent(owner, { pageId: page.id, location: placeNamed('Open Garden') });
    const hidden = await newEvent(owner, { pageId: page.id, privacy: 'members', location: placeNamed('Secret Glasshouse') });
    const both = [open.place.locationId, hidden.place.locationId].sort();

    const guest = await call<PageDetails>('GET', `/api/page/all-details/${page.handle}`);
    expect(guest.status).toBe(200);
    expect(guest.data.events.map((d) => d.event.id)).toEqual([open.id]);
    expect(guest.data.event_locations.map((l) => l.id)).toEqual([open.place.locationId]);
    const early = await as<PageDetails>(unverified.browser, 'GET', `/api/page/all-details/${page.handle}`);
    expect(early.data.event_locations.map((l) => l.id)).toEqual([open.place.locationId]);
    const listed = await as<{ locations: EventLocationView[] }>(unverified.browser, 'GET', `/api/iam/events/get-event-locations/page/${page.id}`);
    expect(listed.status).toBe(200);
    expect(listed.data.locations.map((l) => l.id)).toEqual([open.place.locationId]);

    const seen = await as<PageDetails>(plain.browser, 'GET', `/api/page/all-details/${page.handle}`);
    expect(seen.data.event_locations.map((l) => l.id).sort()).toEqual(both);
    const memberList = await as<{ locations: EventLocationView[] }>(plain.browser, 'GET', `/api/iam/events/get-event-locations/page/${page.id}`);
    expect(memberList.data.locations.map((l) => l.id).sort()).toEqual(both);
  });
  it('are not found by name or address by unverified sign-ups or suspended members: a members-only event\'s place stays with members', async () => {
    const [owner, plain, unverified, suspended] = await Promise.all([registeredUser(), registeredUser(), unregisteredUser(), registeredUser()]);
    const place = placeNamed('Hidden Nook');
    const hidden = await newEvent(owner, { privacy: 'members', location: place });
    await setAttributes(`user#${suspended.uuid}`, 'profile', { suspended: true });
    const banned = await signInAgain(suspended);
    const byName = `/api/iam/events/get-event-location/name-state/${encodeURIComponent(place.name)}/${encodeURIComponent(place.state)}`;
    const byAddress = `/api/iam/events/get-event-location/address/${encodeURIComponent(place.address)}/${encodeURIComponent(place.suburbCity)}/${encodeURIComponent(place.state)}`;
    for (const path of [byName, byAddress]) {
      const member = await as<{ locations: EventLocationView[] }>(plain.browser, 'GET', path);
      expect(member.status, path).toBe(200);
      expect(member.data.locations.map((l) => l.id)).toEqual([hidden.place.locationId]);
      for (const who of [unverified, banned]) {
        const res = await as(who.browser, 'GET', path);
        expect(res.status, `${who.email} ${path}`).toBe(403);
      }
    }
  });
});

describe('a page\'s plain member and another member', () => {
  it('cannot add dates to, change, move or delete the page\'s event; it is unchanged afterwards', async () => {
    const [owner, plain, stranger] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const page = await newPage(owner);
    await withRole(owner, plain, page.id, 'member');
    const e = await newEvent(owner, { pageId: page.id });
    const date = e.specifics[0]!;
    for (const who of [plain, stranger]) {
      expect((await as(who.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics: [dateIn(5)] })).status).toBe(403);
      expect((await as(who.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, title: 'Mine now' })).status).toBe(403);
      expect((await as(who.browser, 'PUT', '/api/iam/events/update-specific', { specificId: date.id, cancelled: true })).status).toBe(403);
      expect((await as(who.browser, 'PUT', '/api/iam/events/future-dates/update', { eventId: e.id, from: date.startsAt, first: dateIn(4), recurrence: { rrule: 'FREQ=DAILY' } })).status).toBe(403);
      expect((await as(who.browser, 'DELETE', '/api/iam/events', { eventId: e.id })).status).toBe(403);
    }
    expect(await getItem(`event#${e.id}`, 'event')).toMatchObject({ title: e.title, dateCount: 1, version: 0 });
    expect(await getItem(`event#${e.id}`, `date#${date.id.split('.')[1]}`)).toMatchObject({ cancelled: false, startsAt: date.startsAt });
  });
});

describe('a deleted account\'s old cookie', () => {
  it('makes no calendar address: nothing is written for the account after its sweep', async () => {
    const gone = await registeredUser();
    const kept: Browser = { cookies: new Map(gone.browser.cookies), csrf: gone.browser.csrf! };
    expect((await as(gone.browser, 'DELETE', '/api/iam/authn/delete', { uuid: gone.uuid })).status).toBe(200);
    expect(await queryPartition(`user#${gone.uuid}`)).toEqual([]);
    const res = await as(kept, 'POST', '/api/iam/events/ics-token', {});
    expect(res.status).toBe(401);
    expect(await queryPartition(`user#${gone.uuid}`)).toEqual([]);
  });
  it('gets no cover upload address for an event it would make', async () => {
    const gone = await registeredUser();
    const kept: Browser = { cookies: new Map(gone.browser.cookies), csrf: gone.browser.csrf! };
    expect((await as(gone.browser, 'DELETE', '/api/iam/authn/delete', { uuid: gone.uuid })).status).toBe(200);
    const res = await as(kept, 'POST', '/api/iam/events/image-upload', { eventId: randomUUID(), contentType: 'image/jpeg', size: 1000 });
    expect(res.status).toBe(401);
  });
  it('of a page\'s moderator cannot change or delete the page\'s events before its memberships are swept', async () => {
    const [owner, mod] = await Promise.all([registeredUser(), registeredUser()]);
    const page = await newPage(owner);
    await withRole(owner, mod, page.id, 'moderator');
    const e = await newEvent(owner, { pageId: page.id });
    expect((await as(mod.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, title: 'Still mine' })).status).toBe(200);
    // The cloud's sweep runs a few seconds after the account is marked deleted: mark it, keep the membership.
    await setAttributes(`user#${mod.uuid}`, 'profile', { deletedAt: new Date().toISOString() });
    const tries = [
      await as(mod.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, title: 'Taken over' }),
      await as(mod.browser, 'PUT', '/api/iam/events/update-specific', { specificId: e.specifics[0]!.id, cancelled: true }),
      await as(mod.browser, 'DELETE', '/api/iam/events', { eventId: e.id, userId: mod.uuid }),
    ];
    expect(tries.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(await getItem(`event#${e.id}`, 'event')).toMatchObject({ title: 'Still mine' });
    expect(await getItem(`event#${e.id}`, `date#${e.specifics[0]!.id.split('.')[1]}`)).toMatchObject({ cancelled: false });
  });
});

describe('bounded writes', () => {
  it('an event holds at most MAX_DATES_PER_EVENT dates: adding past it is refused naming specifics', async () => {
    const a = await registeredUser();
    const e = await newEvent(a, { specifics: [dateIn(1)] });
    // Twenty dates an hour apart each call, none at a start another call used.
    const base = Date.parse(dateIn(2).startsAt);
    const batch = (from: number) => Array.from({ length: 20 }, (_, i) => {
      const start = base + (from + i) * 3_600_000;
      return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 1_800_000).toISOString() };
    });
    let added = 1;
    while (added + 20 <= MAX_DATES_PER_EVENT) {
      const res = await as(a.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics: batch(added) });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      added += 20;
    }
    const over = await as(a.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics: batch(added) });
    expect(over.status).toBe(400);
    expect(over.json).toMatchObject({ error: { field: 'specifics' } });
    expect(await getItem(`event#${e.id}`, 'event')).toMatchObject({ dateCount: added });
  }, 120_000);

  it('changing events is rate limited per member: a cancel-and-restore loop cannot flood the attendees', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(a);
    const id = e.specifics[0]!.id;
    await attend(b, id, 'GOING');
    const { max } = DEFAULT_LIMITS.EVENT_EDIT_USER;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      statuses.push((await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: id, cancelled: i % 2 === 0 })).status);
    }
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses[max]).toBe(429);
    // The refused call changed nothing: the last accepted one (a restore) stands.
    expect(await getItem(`event#${e.id}`, `date#${id.split('.')[1]}`)).toMatchObject({ cancelled: false });
    expect((await as(a.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics: [dateIn(6)] })).status).toBe(429);
  }, 120_000);

  it('a date cannot be moved into the past or years ahead (as a new date could not be made there)', async () => {
    const a = await registeredUser();
    const e = await newEvent(a);
    const id = e.specifics[0]!.id;
    const far = new Date(Date.now() + 5 * 365 * DAY).toISOString();
    const ahead = await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: id, startsAt: far, endsAt: new Date(Date.parse(far) + 3_600_000).toISOString() });
    expect(ahead.status).toBe(400);
    expect(ahead.json).toMatchObject({ error: { field: 'startsAt' } });
    const past = await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: id, startsAt: '1990-01-01T10:00:00Z', endsAt: '1990-01-01T12:00:00Z' });
    expect(past.status).toBe(400);
    expect(await getItem(`event#${e.id}`, `date#${id.split('.')[1]}`)).toMatchObject({ startsAt: e.specifics[0]!.startsAt });
  });
});

describe('rewriting a series', () => {
  it('from a pivot in the past leaves the dates that are over as they were: none removed, none cancelled, nobody told', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const start = Math.floor((Date.now() - 5 * 3_600_000) / 60_000) * 60_000;
    const earlier = { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 6 * 3_600_000).toISOString() };
    const e = await newEvent(a, { specifics: [earlier, dateIn(3)] });
    const [over, empty] = e.specifics;
    await attend(b, over!.id, 'GOING');
    // Both dates ended an hour ago (one attended, one not).
    const ended = new Date(Date.now() - 3_600_000).toISOString();
    await setAttributes(`event#${e.id}`, `date#${over!.id.split('.')[1]}`, { endsAt: ended });
    const lone = await as<{ event: { specifics: { id: string }[] } }>(a.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics: [{ startsAt: new Date(start + 60_000).toISOString(), endsAt: new Date(start + 120_000).toISOString() }] });
    expect(lone.status).toBe(200);
    const emptyPast = lone.data.event.specifics.find((s) => s.id !== over!.id && s.id !== empty!.id)!;
    // A series of one date (its end the next day): the series job has nothing to add to it.
    const first = dateIn(10);
    const until = new Date(Date.parse(first.startsAt) + DAY).toISOString();
    const res = await as(a.browser, 'PUT', '/api/iam/events/future-dates/update', { eventId: e.id, from: '2000-01-01T00:00:00Z', first, recurrence: { rrule: 'FREQ=MONTHLY', until } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await getItem(`event#${e.id}`, `date#${over!.id.split('.')[1]}`)).toMatchObject({ cancelled: false, endsAt: ended });
    expect(await getItem(`event#${e.id}`, `date#${emptyPast.id.split('.')[1]}`)).toBeDefined();
    const told = await as<{ notifications: { kind: string }[] }>(b.browser, 'GET', '/api/iam/notifications/all');
    expect(told.data.notifications.filter((n) => n.kind === 'event-cancelled')).toHaveLength(0);
  });
});

describe('a date\'s own place', () => {
  it('replaces the whole place: back at the event\'s place (or at another one), nothing of the old address is left on the date', async () => {
    const a = await registeredUser();
    const e = await newEvent(a, { location: { name: `Bare Field ${randomUUID().slice(0, 6)}`, latitude: NEWTOWN.latitude, longitude: NEWTOWN.longitude } });
    const id = e.specifics[0]!.id;
    const key = `date#${id.split('.')[1]}`;
    const own = await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: id, location: placeNamed('Library Hall') });
    expect(own.status).toBe(200);
    expect(await getItem(`event#${e.id}`, key)).toMatchObject({ ownPlace: true, suburbCity: NEWTOWN.suburbCity, country: NEWTOWN.country });
    const elsewhere = await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: id, location: { name: 'Park corner', latitude: NEWTOWN.latitude, longitude: NEWTOWN.longitude } });
    expect(elsewhere.status).toBe(200);
    const moved = await getItem(`event#${e.id}`, key);
    expect(moved).toMatchObject({ ownPlace: true, placeName: 'Park corner' });
    for (const field of ['address', 'suburbCity', 'state', 'country']) expect(moved, field).not.toHaveProperty(field);
    await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: id, location: placeNamed('Library Hall') });
    const back = await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: id, location: null });
    expect(back.status).toBe(200);
    const stored = await getItem(`event#${e.id}`, key);
    expect(stored).toMatchObject({ ownPlace: false, placeName: e.place.name, locationId: e.place.locationId });
    for (const field of ['address', 'suburbCity', 'state', 'country']) expect(stored, field).not.toHaveProperty(field);
  });
});

describe('a page\'s event changed by a moderator demoted meanwhile', () => {
  it('stops at the demotion: the role is a condition of each write, not only read before (dates added one write each)', async () => {
    const [owner, mod] = await Promise.all([registeredUser(), registeredUser()]);
    const page = await newPage(owner);
    await withRole(owner, mod, page.id, 'moderator');
    const base = Date.parse(dateIn(2).startsAt);
    const batch = (from: number) => Array.from({ length: 20 }, (_, i) => {
      const start = base + (from + i) * 3_600_000;
      return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 1_800_000).toISOString() };
    });
    const dateCount = async (id: string) => Number((await getItem(`event#${id}`, 'event'))?.dateCount ?? 0);
    // Each try: the moderator adds 20 dates (20 transactions); once the first has landed, the
    // owner demotes them. Every write after the demotion must be refused.
    let refusedMidway = false;
    for (let attempt = 0; attempt < 5 && !refusedMidway; attempt++) {
      expect((await as(owner.browser, 'PUT', '/api/iam/pages/member-role', { pageId: page.id, userId: mod.uuid, role: 'moderator' })).status).toBe(200);
      const e = await newEvent(owner, { pageId: page.id, specifics: [dateIn(1)] });
      const adding = as(mod.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics: batch(attempt * 20) });
      await expect.poll(() => dateCount(e.id), { interval: 5, timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect((await as(owner.browser, 'PUT', '/api/iam/pages/member-role', { pageId: page.id, userId: mod.uuid, role: 'member' })).status).toBe(200);
      const res = await adding;
      const written = (await dateCount(e.id)) - 1;
      if (res.status === 200) expect(written).toBe(20);
      else {
        expect(res.status).toBe(403);
        expect(res.json).toMatchObject({ error: { message: 'Your role in this page changed; reload and try again' } });
        expect(written).toBeLessThan(20);
        refusedMidway = true;
      }
    }
    expect(refusedMidway).toBe(true);
  }, 60_000);
});

describe('a long series made members-only', () => {
  it('rewrites every upcoming date, not only the first 60: guests see neither its dates nor its place on the page', async () => {
    const owner = await registeredUser();
    const page = await newPage(owner);
    const e = await newEvent(owner, { pageId: page.id, specifics: [dateIn(1)] });
    const base = Date.parse(dateIn(2).startsAt);
    for (let from = 0; from < 80; from += 20) {
      const specifics = Array.from({ length: 20 }, (_, i) => {
        const start = base + (from + i) * 3_600_000;
        return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 1_800_000).toISOString() };
      });
      expect((await as(owner.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics })).status).toBe(200);
    }
    const changed = await as(owner.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, privacy: 'members' });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const dates = (await queryPartition(`event#${e.id}`)).filter((i) => String(i.sk).startsWith('date#'));
    expect(dates).toHaveLength(81);
    expect(dates.filter((d) => d.privacy !== 'members')).toEqual([]);
    // The change wrote a marker for the job in case it ended early, and cleared it once done.
    expect(await getItem('evwork', `follow#${e.id}`)).toBeUndefined();
    const guest = await call<PageDetails>('GET', `/api/page/all-details/${page.handle}`);
    expect(guest.status).toBe(200);
    expect(guest.data.events).toEqual([]);
    expect(guest.data.event_locations).toEqual([]);
    expect(guest.data.counts.upcomingEvents).toBe(0);
    // A date left public (a rewrite cut short): guests' lists go by the event's privacy too.
    const left = dates.at(-1)!;
    await setAttributes(`event#${e.id}`, String(left.sk), { privacy: 'public' });
    const again = await call<PageDetails>('GET', `/api/page/all-details/${page.handle}`);
    expect(again.data.events).toEqual([]);
    expect(again.data.event_locations).toEqual([]);
    expect(again.data.counts.upcomingEvents).toBe(0);
    // The job finishes a rewrite whose request ended before it had: the marker it left is the
    // event's, the date follows the event, and the marker goes.
    await setAttributes('evwork', `follow#${e.id}`, { eventId: e.id, changedAt: new Date().toISOString() });
    const { resumeFollows } = await import('../../functions/events/changes');
    expect(await resumeFollows()).toBeGreaterThanOrEqual(1);
    expect(await getItem(`event#${e.id}`, String(left.sk))).toMatchObject({ privacy: 'members' });
    expect(await getItem('evwork', `follow#${e.id}`)).toBeUndefined();
  }, 60_000);

  it('a date made from the event as it was read before a change of privacy or place follows the event as it is now', async () => {
    const owner = await registeredUser();
    const e = await newEvent(owner, { specifics: [dateIn(1)] });
    const { getEvent, addDates } = await import('../../functions/events/event-writes').then(async (w) => ({ ...w, ...(await import('../../functions/events/events')) }));
    // Read as a slow request read it...
    const stale = (await getEvent(e.id, true))!;
    expect(stale.privacy).toBe('public');
    // ...then the owner hides the event and moves it...
    const moved = { ...NEWTOWN, name: 'Back Garden', latitude: -33.95, longitude: 151.2 };
    expect((await as(owner.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, privacy: 'members', location: moved })).status).toBe(200);
    // ...and the slow request writes its date.
    expect(await addDates(stale, [dateIn(5)])).toBe(1);
    const dates = (await queryPartition(`event#${e.id}`)).filter((i) => String(i.sk).startsWith('date#'));
    expect(dates).toHaveLength(2);
    for (const d of dates) expect(d, String(d.sk)).toMatchObject({ privacy: 'members', placeName: 'Back Garden', latitude: -33.95 });
  });
});

/**
 * GET /api/events/{id}/ics of a repeating event holds the whole series: one VEVENT with the rule
 * in the place's zone (with its VTIMEZONE), RECURRENCE-ID for the dates changed by hand or
 * cancelled, EXDATE for those removed, and the dates that are no instance of the rule as VEVENTs
 * of their own. Each file is parsed and expanded with ical.js over the range already made and
 * must give the event's dates at the same instants. The private feed keeps a VEVENT per date.
 */
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventView } from '../../shared/answers/events';
import { as } from '../support/accounts';
import { hostUrl } from '../support/api';
import { deleteItem } from '../support/db';
import { attend, dateIn, newEvent } from '../support/events';
import { useHostTableAndBucket } from '../support/host-env';
import { registeredUser } from '../support/users';

beforeAll(() => useHostTableAndBucket());

const DAY = 86_400_000;
const ZONE = 'Australia/Sydney';

interface Occurrence {
  startsAt: string;
  endsAt: string;
  cancelled: boolean;
}

async function icsOf(e: EventView): Promise<{ text: string; res: Response }> {
  const res = await fetch(`${hostUrl()}/api/events/${e.randomId}/ics`);
  expect(res.status).toBe(200);
  return { text: await res.text(), res };
}

async function eventOf(who: { browser: Parameters<typeof as>[0] }, e: EventView): Promise<EventView> {
  const res = await as<{ event: EventView }>(who.browser, 'GET', `/api/events/${e.id}`);
  expect(res.status).toBe(200);
  return res.data.event;
}

const vevents = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
const isMaster = (v: ICAL.Component) => v.hasProperty('rrule');
const isException = (v: ICAL.Component) => v.hasProperty('recurrence-id');

/** The file's dates as a calendar shows them: each series expanded (with its exceptions) up to `untilMs`, and the dates of their own. */
function expand(text: string, untilMs: number): Occurrence[] {
  const all = vevents(text);
  const out: Occurrence[] = [];
  const occurrence = (start: ICAL.Time, end: ICAL.Time, item: ICAL.Event) => {
    // Every local time is read through the file's VTIMEZONE, never as floating time.
    expect(start.zone?.tzid).toBe(ZONE);
    out.push({ startsAt: start.toJSDate().toISOString(), endsAt: end.toJSDate().toISOString(), cancelled: item.component.getFirstPropertyValue('status') === 'CANCELLED' });
  };
  for (const master of all.filter(isMaster)) {
    const event = new ICAL.Event(master);
    for (const x of all.filter((v) => isException(v) && v.getFirstPropertyValue('uid') === event.uid)) event.relateException(x);
    const it = event.iterator();
    for (let next = it.next(); next && next.toJSDate().getTime() <= untilMs; next = it.next()) {
      const o = event.getOccurrenceDetails(next);
      occurrence(o.startDate, o.endDate, o.item);
    }
  }
  for (const own of all.filter((v) => !isMaster(v) && !isException(v))) {
    const event = new ICAL.Event(own);
    occurrence(event.startDate, event.endDate, event);
  }
  return out.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** The event's dates as its page lists them (from 30 days ago, up to the dates made). */
const specificsOf = (e: EventView): Occurrence[] =>
  e.specifics.map((s) => ({ startsAt: s.startsAt, endsAt: s.endsAt, cancelled: s.cancelled })).sort((a, b) => a.startsAt.localeCompare(b.startsAt));

/** The series' file, expanded over the range already made, gives exactly the event's dates. */
async function expectSameDates(who: { browser: Parameters<typeof as>[0] }, e: EventView): Promise<{ text: string; event: EventView }> {
  const event = await eventOf(who, e);
  const { text } = await icsOf(e);
  expect(event.recurrence?.datesUntil).toBeTruthy();
  expect(expand(text, Date.parse(event.recurrence!.datesUntil!))).toEqual(specificsOf(event));
  return { text, event };
}

const property = (v: ICAL.Component, name: string) => v.getFirstProperty(name)!.toICALString();
const host = () => new URL(hostUrl()).host;

describe('GET /api/events/{id}/ics of a series', () => {
  it('a six-month weekly series is one VEVENT with its RRULE to its end, in the place\'s zone with its VTIMEZONE; ORGANIZER is the owner at the site\'s address; the file is named for the title', async () => {
    const a = await registeredUser();
    const until = new Date(Date.now() + 180 * DAY).toISOString();
    const e = await newEvent(a, { title: 'Sunday Cuttings Swap: Ferns & Figs!', specifics: [dateIn(2)], recurrence: { rrule: 'FREQ=WEEKLY', until } });
    expect(e.specifics.length).toBeGreaterThanOrEqual(8);
    expect(e.specifics.length).toBeLessThan(12);
    const { res } = await icsOf(e);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="sunday-cuttings-swap-ferns-figs.ics"');
    const { text } = await expectSameDates(a, e);
    const [master, ...others] = vevents(text);
    expect(others).toEqual([]);
    expect(master!.getFirstPropertyValue('uid')).toBe(`${e.id}@${host()}`);
    expect(property(master!, 'dtstart')).toBe(`DTSTART;TZID=${ZONE}:${localText(e.specifics[0]!.startsAt)}`);
    expect(property(master!, 'dtend')).toMatch(new RegExp(`^DTEND;TZID=${ZONE}:\\d{8}T\\d{6}$`));
    const rule = master!.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rule.freq).toBe('WEEKLY');
    expect(rule.count).toBeFalsy();
    // UNTIL is in UTC, about six months on (the series' end), not eight weeks.
    expect(property(master!, 'rrule')).toMatch(/UNTIL=\d{8}T\d{6}Z/);
    expect(Math.abs(rule.until!.toJSDate().getTime() - Date.parse(until))).toBeLessThan(1000);
    // The whole series: about 26 Sundays, where today's dates are 8 weeks of them.
    const all = expand(text, Date.parse(until));
    expect(all.length).toBeGreaterThanOrEqual(25);
    expect(all.at(-1)!.startsAt > e.specifics.at(-1)!.startsAt).toBe(true);
    // Every other time is UTC; the zone's VTIMEZONE is in the file.
    expect(property(master!, 'dtstamp')).toMatch(/Z$/);
    expect(property(master!, 'last-modified')).toMatch(/Z$/);
    const zones = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vtimezone');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual([ZONE]);
    // The owner by name, at the site's sending address: never the member's own e-mail.
    const organizer = master!.getFirstProperty('organizer')!;
    expect([organizer.getParameter('cn'), organizer.getFirstValue()]).toEqual([e.owner.name, `mailto:noreply@${new URL(hostUrl()).hostname}`]);
    expect(text).toContain(`\r\nORGANIZER;CN="${e.owner.name}":mailto:noreply@${new URL(hostUrl()).hostname}\r\n`);
    expect(text).not.toContain(a.email);
  });

  it('a moved date is a RECURRENCE-ID, a cancelled one STATUS:CANCELLED, a removed one an EXDATE, one added by hand a VEVENT of its own', async () => {
    const a = await registeredUser();
    const e = await newEvent(a, { specifics: [dateIn(2)], recurrence: { rrule: 'FREQ=WEEKLY' } });
    const [, d1, d2, d3] = e.specifics;
    const moved = new Date(Date.parse(d1!.startsAt) + 3_600_000).toISOString();
    expect((await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: d1!.id, startsAt: moved, endsAt: new Date(Date.parse(moved) + 7_200_000).toISOString() })).status).toBe(200);
    expect((await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: d2!.id, cancelled: true })).status).toBe(200);
    // A date gone from the table (nobody attended it): no date item at that instance.
    await deleteItem(`event#${e.id}`, `date#${d3!.id.split('.')[1]}`);
    const extra = { startsAt: new Date(Date.parse(d1!.startsAt) + 3 * DAY).toISOString(), endsAt: new Date(Date.parse(d1!.startsAt) + 3 * DAY + 3_600_000).toISOString() };
    expect((await as(a.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics: [extra] })).status).toBe(200);

    const { text, event } = await expectSameDates(a, e);
    expect(event.specifics.find((s) => s.id === d3!.id)).toBeUndefined();
    const all = vevents(text);
    const master = all.find(isMaster)!;
    const exceptions = all.filter(isException);
    expect(exceptions.map((x) => x.getFirstPropertyValue('uid'))).toEqual([`${e.id}@${host()}`, `${e.id}@${host()}`]);
    // Matched by the original start: the moved date's RECURRENCE-ID is where the rule puts it.
    const [m, c] = exceptions as [ICAL.Component, ICAL.Component];
    expect(property(m, 'recurrence-id')).toBe(`RECURRENCE-ID;TZID=${ZONE}:${localText(d1!.startsAt)}`);
    expect(new ICAL.Event(m).startDate.toJSDate().toISOString()).toBe(moved);
    expect(property(c, 'recurrence-id')).toBe(`RECURRENCE-ID;TZID=${ZONE}:${localText(d2!.startsAt)}`);
    expect(c.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(property(master, 'exdate')).toBe(`EXDATE;TZID=${ZONE}:${localText(d3!.startsAt)}`);
    const own = all.filter((v) => !isMaster(v) && !isException(v));
    expect(own.map((v) => v.getFirstPropertyValue('uid'))).toEqual([`${e.id}.${String(Date.parse(extra.startsAt)).padStart(13, '0')}@${host()}`]);
    expect(property(own[0]!, 'dtstart')).toBe(`DTSTART;TZID=${ZONE}:${localText(extra.startsAt)}`);
  });

  it('a first date the rule does not make is a VEVENT of its own, and the rule starts on a date it makes', async () => {
    const a = await registeredUser();
    const first = dateIn(2);
    // Weekly on the next day's weekday (in Sydney): the first date is off the rule.
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' }).format(new Date(Date.parse(first.startsAt) + DAY)).slice(0, 2).toUpperCase();
    const e = await newEvent(a, { specifics: [first], recurrence: { rrule: `FREQ=WEEKLY;BYDAY=${weekday}` } });
    const [d0, d1] = e.specifics;
    expect(Date.parse(d1!.startsAt) - Date.parse(d0!.startsAt)).toBeLessThan(DAY + 2 * 3_600_000);
    const { text } = await expectSameDates(a, e);
    const all = vevents(text);
    expect(property(all.find(isMaster)!, 'dtstart')).toBe(`DTSTART;TZID=${ZONE}:${localText(d1!.startsAt)}`);
    expect(all.filter((v) => !isMaster(v) && !isException(v)).map((v) => v.getFirstPropertyValue('uid'))).toEqual([`${d0!.id}@${host()}`]);
    expect(all.filter(isException)).toEqual([]);
  });

  it('a COUNT rule is written as the UNTIL of its last date', async () => {
    const a = await registeredUser();
    const e = await newEvent(a, { specifics: [dateIn(2)], recurrence: { rrule: 'FREQ=WEEKLY;COUNT=5' } });
    expect(e.specifics).toHaveLength(5);
    const { text } = await expectSameDates(a, e);
    const [master] = vevents(text);
    expect(property(master!, 'rrule')).not.toContain('COUNT');
    expect((master!.getFirstPropertyValue('rrule') as ICAL.Recur).until!.toJSDate().toISOString()).toBe(e.specifics[4]!.startsAt);
    expect(expand(text, Date.now() + 365 * DAY)).toHaveLength(5);
  });

  it('after a rewrite of the future dates, the dates made under the earlier rule are VEVENTs of their own', async () => {
    const a = await registeredUser();
    const e = await newEvent(a, { specifics: [dateIn(2)], recurrence: { rrule: 'FREQ=WEEKLY' } });
    const [d0, d1, d2] = e.specifics;
    await attend(a, d2!.id, 'GOING');
    // From d2 on: every two weeks, a day later.
    const first = { startsAt: new Date(Date.parse(d2!.startsAt) + DAY).toISOString(), endsAt: new Date(Date.parse(d2!.endsAt) + DAY).toISOString() };
    const rewrite = await as<{ event: EventView }>(a.browser, 'PUT', '/api/iam/events/future-dates/update', { eventId: e.id, from: d2!.startsAt, first, recurrence: { rrule: 'FREQ=WEEKLY;INTERVAL=2' } });
    expect(rewrite.status, JSON.stringify(rewrite.json)).toBe(200);
    const { text } = await expectSameDates(a, e);
    const all = vevents(text);
    const master = all.find(isMaster)!;
    expect(property(master, 'dtstart')).toBe(`DTSTART;TZID=${ZONE}:${localText(first.startsAt)}`);
    expect((master.getFirstPropertyValue('rrule') as ICAL.Recur).interval).toBe(2);
    // d0 and d1 (the earlier rule), and d2 (cancelled: someone was going), each with its own UID.
    const own = all.filter((v) => !isMaster(v) && !isException(v)).map((v) => v.getFirstPropertyValue('uid'));
    expect(own).toEqual([d0, d1, d2].map((d) => `${d!.id}@${host()}`));
  });
});

describe('GET /api/events/{id}/ics of a one-off event, and the private feed', () => {
  it('a one-off event: a VEVENT per date in UTC, with the ORGANIZER and the file name', async () => {
    const a = await registeredUser();
    const e = await newEvent(a, { title: 'Été: seed swap', specifics: [dateIn(2), dateIn(9)] });
    const { text, res } = await icsOf(e);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ete-seed-swap.ics"');
    const all = vevents(text);
    expect(all.map((v) => v.getFirstPropertyValue('uid'))).toEqual(e.specifics.map((s) => `${s.id}@${host()}`));
    expect(all.map((v) => property(v, 'dtstart'))).toEqual(e.specifics.map((s) => `DTSTART:${localText(s.startsAt, 'UTC')}Z`));
    expect(text).not.toContain('VTIMEZONE');
    expect(text.split(`\r\nORGANIZER;CN="${e.owner.name}":mailto:noreply@${new URL(hostUrl()).hostname}\r\n`)).toHaveLength(3);
  });

  it('the private feed keeps a VEVENT per date of a series, with its own UID, in UTC', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(a, { specifics: [dateIn(2)], recurrence: { rrule: 'FREQ=WEEKLY' } });
    await attend(b, e.specifics[0]!.id, 'GOING');
    await attend(b, e.specifics[1]!.id, 'MAYBE');
    const made = await as<{ url: string }>(b.browser, 'POST', '/api/iam/events/ics-token', {});
    const feed = await fetch(`${hostUrl()}${new URL(made.data.url).pathname}`);
    expect(feed.status).toBe(200);
    const text = await feed.text();
    const all = vevents(text);
    expect(all.map((v) => v.getFirstPropertyValue('uid'))).toEqual(e.specifics.slice(0, 2).map((s) => `${s.id}@${host()}`));
    expect(all.map((v) => property(v, 'dtstart'))).toEqual(e.specifics.slice(0, 2).map((s) => `DTSTART:${localText(s.startsAt, 'UTC')}Z`));
    expect(text).not.toMatch(/RRULE|VTIMEZONE|ORGANIZER/);
    expect(feed.headers.get('content-disposition')).toBeNull();
  });
});

/** An instant as the zone's clocks show it, as iCalendar writes it: 20261206T100000. */
function localText(iso: string, timeZone = ZONE): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

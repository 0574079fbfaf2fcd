/**
 * Hiding a reported event or page: it leaves every list, nearby and search at once, answers 404
 * to everyone but its creator (a page: its staff) and the admins, takes no one new, and its
 * creator is told.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventDateCard, EventView, NearbyEvent } from '../../shared/answers/events';
import type { NearbyPages, PageCard } from '../../shared/answers/pages';
import type { ReportCaseView, ReportReceipt } from '../../shared/answers/reports';
import type { SearchResults } from '../../shared/answers/search';
import { as, type Browser } from '../support/accounts';
import { call } from '../support/api';
import { notificationsOf } from '../support/content';
import { getItem } from '../support/db';
import { attend, dateIn, newEvent } from '../support/events';
import { newPage, withRole } from '../support/pages';
import { admin, registeredUser, type TestUser } from '../support/users';

/** A word no other test uses (letters only: search folds digits and letters alike, but keeps it readable). */
const word = () => `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;
/** A place of this test's own, far from the others' points, so nearby lists hold little else. */
const spot = () => ({ latitude: -24 - randomInt(1000) / 1000, longitude: 133 + randomInt(1000) / 1000 });

async function reportAndHide(reporter: TestUser, boss: TestUser, type: 'event' | 'page', id: string): Promise<ReportCaseView> {
  const filed = await as<ReportReceipt>(reporter.browser, 'POST', '/api/iam/reports/new', { target: { type, id }, reason: 'abuse', text: '' });
  expect(filed.status, JSON.stringify(filed.json)).toBe(201);
  const res = await as<ReportCaseView>(boss.browser, 'PUT', `/api/iam/admin/reports/${filed.data.caseId}`, { action: 'hide-content', note: 'Against the rules' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data;
}

const search = async (b: Browser, term: string) => (await as<SearchResults>(b, 'GET', `/api/iam/search/term/${term}`)).data;

/** Every page of everyone's upcoming dates: the event ids in it. */
async function allUpcoming(b: Browser | null): Promise<Set<string>> {
  const seen = new Set<string>();
  let cursorId: string | null = null;
  for (let n = 0; n < 500; n++) {
    const path: string = `/api/events/more/all${cursorId ? `?cursorId=${cursorId}` : ''}`;
    const res = b ? await as<{ dates: EventDateCard[]; cursorId: string | null }>(b, 'GET', path) : await call<{ dates: EventDateCard[]; cursorId: string | null }>('GET', path);
    expect(res.status).toBe(200);
    for (const d of res.data.dates) seen.add(d.event.id);
    cursorId = res.data.cursorId;
    if (!cursorId) return seen;
  }
  throw new Error('the list did not end');
}

describe('hide-content on an event', () => {
  it('takes it out of every list, nearby and search; its page answers 404 but to its creator and admins; its creator is told', async () => {
    const at = spot();
    const [host, fan, reader, boss] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), admin()]);
    const title = word();
    const event = await newEvent(host, { title: `${title} seed swap`, location: { name: 'Outback hall', suburbCity: 'Alice Springs', state: 'Northern Territory', country: 'Australia', ...at }, specifics: [dateIn(4)] });
    await attend(fan, event.specifics[0]!.id, 'GOING');
    const near = `/api/events/nearby?lat=${at.latitude}&long=${at.longitude}&radiusKm=5`;
    const nearIds = async (b: Browser | null) => (b ? await as<{ events: NearbyEvent[] }>(b, 'GET', near) : await call<{ events: NearbyEvent[] }>('GET', near)).data.events.map((e) => e.event.id);
    const byHost = async (b: Browser) => (await as<{ dates: EventDateCard[] }>(b, 'GET', `/api/iam/events/get-by-user/${host.uuid}`)).data.dates.map((d) => d.event.id);
    // Listed and found before.
    expect(await nearIds(null)).toContain(event.id);
    expect(await byHost(reader.browser)).toContain(event.id);
    expect((await search(reader.browser, title)).events.map((e) => e.id)).toEqual([event.id]);
    expect(await allUpcoming(null)).toContain(event.id);

    const closed = await reportAndHide(reader, boss, 'event', event.id);
    expect(closed).toMatchObject({ state: 'closed', action: 'hide-content', preview: { state: 'hidden' } });
    expect(await getItem(`event#${event.id}`, 'event')).toMatchObject({ hiddenAt: expect.any(String), hiddenBy: boss.uuid });

    // Gone for guests, members and attendees alike, from every list.
    expect(await nearIds(null)).not.toContain(event.id);
    expect(await nearIds(reader.browser)).not.toContain(event.id);
    expect(await byHost(reader.browser)).not.toContain(event.id);
    expect(await byHost(fan.browser)).not.toContain(event.id);
    expect((await search(reader.browser, title)).events).toEqual([]);
    expect(await allUpcoming(null)).not.toContain(event.id);
    expect(await allUpcoming(fan.browser)).not.toContain(event.id);
    for (const who of [null, reader.browser, fan.browser]) {
      const res = who ? await as(who, 'GET', `/api/events/${event.randomId}`) : await call('GET', `/api/events/${event.randomId}`);
      expect(res.status).toBe(404);
    }
    // Nobody answers it any more, not even its creator.
    for (const who of [reader, host]) {
      const answer = await as(who.browser, 'PUT', '/api/iam/events/upsert-attend-specific', { specificId: event.specifics[0]!.id, status: 'GOING' });
      expect(answer.status, `${who === host ? 'host' : 'reader'}: ${JSON.stringify(answer.json)}`).toBe(404);
    }
    // Its creator and the admins still open it; the creator was told why.
    for (const who of [host, boss]) expect((await as<{ event: EventView }>(who.browser, 'GET', `/api/events/${event.randomId}`)).status).toBe(200);
    expect((await notificationsOf(host)).map((n) => n.text)).toContainEqual(expect.stringContaining(`An admin hid your event “${title} seed swap”`));
    // Its creator may still delete it.
    const del = await as(host.browser, 'DELETE', '/api/iam/events', { eventId: event.id });
    expect(del.status, JSON.stringify(del.json)).toBe(200);
  });
});

describe('hide-content on a page', () => {
  it('takes it out of the directory, nearby and search; it answers 404 but to its staff and admins; nobody new joins; its creator is told', async () => {
    const at = spot();
    const [founder, mod, reader, boss] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), admin()]);
    const name = word();
    const page = await newPage(founder, { name: `${name} growers`, place: at });
    await withRole(founder, mod, page.id, 'moderator');
    const dir = async (q: string) => (await call<{ pages: PageCard[] }>('GET', `/api/page/get-all/all?q=${q}`)).data.pages.map((p) => p.id);
    const near = async () => (await call<NearbyPages>('GET', `/api/page/location/nearby-pages?lat=${at.latitude}&long=${at.longitude}`)).data.pages.map((p) => p.id);
    const ofFounder = async (b: Browser) => (await as<{ pages: PageCard[] }>(b, 'GET', `/api/iam/pages/get-all-by-user/${founder.uuid}`)).data.pages.map((p) => p.id);
    expect(await dir(name)).toEqual([page.id]);
    expect(await near()).toContain(page.id);
    expect((await search(reader.browser, name)).pages.map((p) => p.id)).toEqual([page.id]);
    expect(await ofFounder(reader.browser)).toContain(page.id);

    const closed = await reportAndHide(reader, boss, 'page', page.id);
    expect(closed).toMatchObject({ state: 'closed', action: 'hide-content', preview: { state: 'hidden' } });
    expect(await getItem(`page#${page.id}`, 'page')).toMatchObject({ hiddenAt: expect.any(String), hiddenBy: boss.uuid, gsi1pk: 'pages#hidden' });

    expect(await dir(name)).toEqual([]);
    expect(await dir(name.slice(0, 1))).not.toContain(page.id); // the name-prefix read of the directory index
    expect(await near()).not.toContain(page.id);
    expect((await search(reader.browser, name)).pages).toEqual([]);
    expect(await ofFounder(reader.browser)).not.toContain(page.id);
    for (const path of [`/api/page/all-details/${page.handle}`, `/api/iam/pages/single-page/${page.id}`]) {
      expect((await as(reader.browser, 'GET', path)).status).toBe(404);
      for (const who of [founder, mod, boss]) expect((await as(who.browser, 'GET', path)).status, path).toBe(200);
    }
    expect((await call('GET', `/api/page/all-details/${page.handle}`)).status).toBe(404);
    // Nor through the page's own lists and cards, writing to it, or reporting it again.
    const ownRoutes = [
      `/api/posts/more/by-page/${page.id}`, `/api/page/events/${page.handle}`, `/api/iam/events/get-by-page/${page.id}/upcoming`,
      `/api/iam/events/get-event-locations/page/${page.id}`, `/api/iam/pages/members/${page.id}`, `/api/iam/users/user-or-page-messagee-by-handle/${page.handle}`,
    ];
    for (const path of ownRoutes) {
      expect((await as(reader.browser, 'GET', path)).status, path).toBe(404);
      expect((await as(mod.browser, 'GET', path)).status, path).toBe(200);
    }
    expect((await as(boss.browser, 'GET', `/api/iam/users/user-or-page-messagee-by-handle/${page.handle}`)).status).toBe(200);
    const write = await as(reader.browser, 'POST', '/api/iam/messages/new-u-to-p-conversation', { userId: reader.uuid, pageId: page.id });
    expect(write.status).toBe(404);
    const again = await as(reader.browser, 'POST', '/api/iam/reports/new', { target: { type: 'page', id: page.id }, reason: 'spam', text: '' });
    expect(again.status).toBe(404);
    const join = await as(reader.browser, 'POST', '/api/iam/pages/join', { pageId: page.id });
    expect(join.status).toBe(404);
    expect((await notificationsOf(founder)).map((n) => n.text)).toContainEqual(expect.stringContaining(`An admin hid your page “${name} growers”`));
    // Its staff still run it: an edit keeps it hidden, and out of search.
    const edit = await as(founder.browser, 'PUT', '/api/iam/pages/update', { pageId: page.id, about: 'Still here' });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    expect(await getItem(`page#${page.id}`, 'page')).toMatchObject({ hiddenAt: expect.any(String), about: 'Still here' });
    expect(await dir(name)).toEqual([]);
    expect((await search(reader.browser, name)).pages).toEqual([]);
  });

  it('lets its staff approve no pending request once hidden', async () => {
    const [founder, asker, reader, boss] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), admin()]);
    const page = await newPage(founder, { name: `${word()} circle`, place: spot(), openness: 'moderated' });
    expect((await as<{ membership: { status: string } }>(asker.browser, 'POST', '/api/iam/pages/join', { pageId: page.id })).data.membership.status).toBe('requested');
    await reportAndHide(reader, boss, 'page', page.id);
    const approve = await as(founder.browser, 'POST', '/api/iam/pages/approve-request', { pageId: page.id, userId: asker.uuid });
    expect(approve.status).toBe(403);
    expect(approve.json).toMatchObject({ error: { message: 'An admin hid this page: it takes no new members' } });
    expect(await getItem(`page#${page.id}`, `member#${asker.uuid}`)).toMatchObject({ status: 'requested' });
  });

  it('still refuses to hide a member: suspending is the action for a member', async () => {
    const [reader, other, boss] = await Promise.all([registeredUser(), registeredUser(), admin()]);
    const filed = await as<ReportReceipt>(reader.browser, 'POST', '/api/iam/reports/new', { target: { type: 'user', id: other.uuid }, reason: 'abuse', text: '' });
    const res = await as(boss.browser, 'PUT', `/api/iam/admin/reports/${filed.data.caseId}`, { action: 'hide-content', note: '' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'action', message: expect.stringContaining('A member cannot be hidden') } });
  });
});

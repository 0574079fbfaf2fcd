/**
 * The site's counts of members, pages and events (C2), kept on write in the transactions that make
 * and delete them, checked exactly against a recount of their lists. The shared test table is
 * written by every file at once, so this file makes a table of its own in the same DynamoDB Local
 * and drives the domain code on it directly: its counts are only what it did.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ensureTable } from '../../infra/local/provision';
import { newEventInput } from '../../shared/schemas/events';
import { newPageInput } from '../../shared/schemas/pages';
import type { UserItem } from '../../functions/db/entities/user';
import type { Session } from '../../functions/lib/session/token';
import { useHostTableAndBucket } from '../support/host-env';
import { dateIn, NEWTOWN } from '../support/events';

const TABLE = `site-counts-${randomUUID().slice(0, 8)}`;

type Domain = Awaited<ReturnType<typeof load>>;
let d: Domain;

async function load() {
  const [users, sessions, pages, pageWrite, pageDeletion, creation, removal, events, accounts, counters, recount, gazetteer, posts, overview] = await Promise.all([
    import('../../functions/users/users'),
    import('../../functions/auth/sessions'),
    import('../../functions/pages/pages'),
    import('../../functions/pages/write'),
    import('../../functions/cascades/page-deletion'),
    import('../../functions/events/creation'),
    import('../../functions/events/removal'),
    import('../../functions/events/events'),
    import('../../functions/cascades/account-deletion'),
    import('../../functions/db/items/feed-counter'),
    import('../../functions/admin/recount'),
    import('../../functions/location/gazetteer'),
    import('../../functions/posts/write'),
    import('../../functions/admin/handlers/admin-overview'),
  ]);
  return { users, sessions, pages, pageWrite, pageDeletion, creation, removal, events, accounts, counters, recount, gazetteer, posts, overview };
}

/** An account signed up and verified; registered unless `registered` is false. */
async function account(name: string, registered = true): Promise<{ user: UserItem; session: Session }> {
  const made = await d.users.createAccount(`${name}-${randomUUID().slice(0, 8)}@example.com`, 'not-a-real-hash');
  const verified = await d.users.saveUser({ ...made!, emailVerified: true });
  const user = registered
    ? await d.users.completeRegistration(verified, { username: `${name}_${randomUUID().replace(/-/g, '').slice(0, 10)}`, firstName: name, lastName: 'Grower', motivations: ['swap'] })
    : verified;
  return { user, session: (await d.sessions.startSession(user, 'site counts test')).session };
}

const pageInput = (body: { id: string; handle: string; name: string }) => ({ ...newPageInput.parse(body), id: body.id });

function page(owner: UserItem, name: string) {
  return d.pageWrite.createPage(owner.uuid, pageInput({ id: randomUUID(), handle: `pg_${randomUUID().replace(/-/g, '').slice(0, 12)}`, name }));
}

async function event(session: Session, over: Record<string, unknown> = {}) {
  const zoneAt = async (lat: number, lon: number) => (await d.gazetteer.nearestPlace(lat, lon))?.timeZone ?? 'UTC';
  const input = newEventInput.parse({ id: randomUUID(), title: 'Cutting swap', description: 'Bring cuttings', privacy: 'public', location: NEWTOWN, specifics: [dateIn(3)], ...over });
  return (await d.creation.createEvent(session, input, { zoneAt })).event;
}

const stored = () => d.counters.readSiteCounts();
const rowsByField = async () => Object.fromEntries((await d.recount.recount('site', 2)).map((r) => [r.field, r]));

beforeAll(async () => {
  const endpoint = inject('dynamoEndpoint');
  useHostTableAndBucket({ TABLE_NAME: TABLE, LOG_LEVEL: 'CRITICAL' });
  await ensureTable(new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } }), TABLE);
  d = await load();
}, 60_000);

describe('the site counter of members, pages and events', () => {
  it('counts each registration, page and event once as it is made and deleted, and agrees with a recount at every step', async () => {
    expect(await stored()).toEqual({ members: 0, pages: 0, events: 0 });
    const [ann, bea, cid] = await Promise.all([account('ann'), account('bea'), account('cid')]);
    await account('dee', false); // verified, never registered: not a member yet
    expect(await stored()).toEqual({ members: 3, pages: 0, events: 0 });

    // A second registration from the account as first read is refused by its guard and counts nothing.
    const stale = { ...ann.user, regState: 'incomplete' as const, updatedAt: '2000-01-01T00:00:00.000Z' };
    await expect(d.users.completeRegistration(stale, { username: `ann_${randomUUID().slice(0, 8)}` })).rejects.toMatchObject({ status: 409 });

    const garden = await page(ann.user, 'Garden club');
    const ferns = await page(ann.user, 'Fern friends');
    // A retried create answers the first page and counts nothing more.
    const again = await d.pageWrite.createPage(ann.user.uuid, pageInput({ id: garden.page.id, handle: garden.page.handle, name: 'Garden club' }));
    expect(again.created).toBe(false);

    const own = await event(ann.session);
    const onPage = await event(ann.session, { pageId: ferns.page.id });
    await event(bea.session, { title: 'Seed library', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' } });
    expect(await stored()).toEqual({ members: 3, pages: 2, events: 3 });
    let rows = await rowsByField();
    expect(Object.values(rows).map((r) => [r.field, r.stored, r.recounted])).toEqual([['members', 3, 3], ['pages', 2, 2], ['events', 3, 3]]);

    // An event deleted: once, however often its stale copy is deleted again.
    await d.removal.deleteEvent(own, ann.user.uuid);
    await expect(d.removal.deleteEvent(own, ann.user.uuid)).rejects.toMatchObject({ status: 409 });
    expect((await stored()).events).toBe(2);

    // A page deleted takes its events with it.
    const { actor } = await d.pages.actOnPage(ann.session, ferns.page.id, 'admin', 'no');
    await d.pageDeletion.deletePage(ferns.page, actor);
    expect((await d.events.getEvent(onPage.id, true))?.deletedAt).toBeTruthy();
    expect(await stored()).toEqual({ members: 3, pages: 1, events: 1 });

    // An account deleted: the member and their events.
    await d.accounts.deleteAccount(bea.user.uuid, undefined, { byAdmin: true });
    expect(await stored()).toEqual({ members: 2, pages: 1, events: 0 });
    rows = await rowsByField();
    expect(Object.values(rows).every((r) => r.stored === r.recounted), JSON.stringify(rows)).toBe(true);
    expect(rows.members).toMatchObject({ counter: 'all.members', audience: 'all', key: 'counter#site all', recounted: 2 });
    expect(cid.user.regState).toBe('complete');

    // The dashboard reads them, beside the feed counters: a private post counts for its author alone.
    await d.posts.createPost(cid.user.uuid, { id: randomUUID(), kind: 'post', text: 'For members', tags: [], photos: [], privacy: 'members' });
    await d.posts.createPost(cid.user.uuid, { id: randomUUID(), kind: 'post', text: 'Mine alone', tags: [], photos: [], privacy: 'private' });
    expect(await d.overview.main({ input: {} } as never)).toEqual({ members: 2, pages: 1, events: 0, posts: 1, plants: 0, openReports: 0 });
  });

  it('takes a hidden page and a hidden event out of the count once, counts a hidden page\'s events still, and agrees with a recount', async () => {
    const { user, session } = await account('fay');
    const hidden = await page(user, 'Hidden club');
    const onHidden = await event(session, { pageId: hidden.page.id });
    const own = await event(session);
    const before = await stored();
    const none = () => [];
    expect((await d.pageWrite.hidePage(hidden.page.id, user.uuid, none)).page?.hiddenAt).toBeTruthy();
    expect((await d.pageWrite.hidePage(hidden.page.id, user.uuid, none)).page).toBeNull(); // hidden already: nothing more
    expect((await d.removal.hideEvent(own.id, user.uuid, none)).event?.hiddenAt).toBeTruthy();
    expect((await d.removal.hideEvent(own.id, user.uuid, none)).event).toBeNull();
    expect(await stored()).toEqual({ ...before, pages: before.pages - 1, events: before.events - 1 });
    expect(d.recount.drifted(await d.recount.recount('site'))).toEqual([]);
    // Deleting what was hidden takes nothing more off; the hidden page's event goes with it.
    await d.removal.deleteEvent((await d.events.getEvent(own.id, true))!, user.uuid);
    const { actor } = await d.pages.actOnPage(session, hidden.page.id, 'admin', 'no');
    await d.pageDeletion.deletePage((await d.pages.getPage(hidden.page.id, true))!, actor);
    expect((await d.events.getEvent(onHidden.id, true))?.deletedAt).toBeTruthy();
    expect(await stored()).toEqual({ ...before, pages: before.pages - 1, events: before.events - 2 });
    expect(d.recount.drifted(await d.recount.recount('site'))).toEqual([]);
  });

  it('shows a drift to the check and repairs it only while the counter still holds what the check read', async () => {
    const before = await stored();
    // Drift: a shard item changed behind the product's back.
    const { addItem } = await import('../../functions/db/add');
    const { writeItems } = await import('../../functions/db/transact');
    await writeItems([addItem({ pk: 'counter#site', sk: 'all#3' }, { pages: 4 })]);
    const rows = await rowsByField();
    expect(rows.pages).toMatchObject({ stored: before.pages + 4, recounted: before.pages });
    expect(d.recount.drifted(Object.values(rows)).map((r) => r.field)).toEqual(['pages']);
    // Repairing from a stale reading changes nothing.
    expect(await d.recount.repairCounter('site', 'all', 'pages', before.pages + 3, before.pages)).toBe('changed');
    expect(await d.recount.repairCounter('site', 'all', 'pages', before.pages + 4, before.pages)).toBe('repaired');
    expect(await stored()).toEqual(before);
    expect(d.recount.drifted(await d.recount.recount('site'))).toEqual([]);
    await expect(d.recount.repairCounter('site', 'members', 'pages', 1, 0)).rejects.toThrow(/no counter/);
    await expect(d.recount.repairCounter('site', 'all', 'postsAll', 1, 0)).rejects.toThrow(/no counter/);
  });

  it('reads an events walk in bounded batches, each owner\'s events counted once across them', async () => {
    const { session } = await account('eve');
    await Promise.all([event(session), event(session), event(session)]);
    const expected = await stored();
    let step = await d.recount.recountStep(d.recount.startRecount('site'), 1);
    let calls = 1;
    while (!step.rows) {
      step = await d.recount.recountStep(JSON.parse(JSON.stringify(step.state)), 1);
      calls++;
    }
    expect(calls).toBeGreaterThan(4);
    expect(Object.fromEntries(step.rows.map((r) => [r.field, r.recounted]))).toEqual(expected);
  });
});

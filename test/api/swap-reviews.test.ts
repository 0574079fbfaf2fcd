/** Swap reviews and records: hidden until both sides have written or the window closes, counted once, kept on write. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SwapCard, SwapRecord, SwapView } from '../../shared/answers/swaps';
import type { PageDetails } from '../../shared/answers/pages';
import type { ReportCaseView, ReportReceipt } from '../../shared/answers/reports';
import { reviewIdOf, reviewWindowKey } from '../../functions/db/items/swap-record';
import { closeReviewWindows } from '../../functions/swaps/reviews';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { newPlant, notificationsOf, uploadPhoto } from '../support/content';
import { deleteItem, getItem, putItem, setAttributes } from '../support/db';
import { useHostTableAndBucket } from '../support/host-env';
import { newPage, withRole } from '../support/pages';
import { admin, registeredUser, type TestUser } from '../support/users';

type Review = { id: string; swapId: string; rating: number; wasSafe: boolean; text: string; by: string | null; shown: boolean };

beforeAll(() => useHostTableAndBucket());

const move = (who: TestUser, id: string, status: string) => as<{ swap: SwapView }>(who.browser, 'PUT', `/api/iam/swaps/${id}/status`, { status });
const review = (who: TestUser, id: string, body: Record<string, unknown>) => as<{ review: Review }>(who.browser, 'POST', `/api/iam/swaps/${id}/review`, body);
const recordOf = async (uuid: string) => {
  const res = await call<SwapRecord>('GET', `/api/user/${uuid}/swap-record`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data;
};

/** A swap of `owner`'s listing (or `plantId`) asked for by `asker`, moved up to `until`. */
async function swapUpTo(owner: TestUser, asker: TestUser, until: 'ACCEPTED' | 'HANDED_OVER' | 'RECEIVED', plantId?: string, ownerSide: TestUser = owner): Promise<string> {
  const id = plantId ?? (await newPlant(owner, { commonName: 'Monstera deliciosa' })).id;
  const asked = await as<{ swap: SwapView }>(asker.browser, 'POST', '/api/iam/swaps/new', { plantId: id, message: 'May I have it?' });
  expect(asked.status, JSON.stringify(asked.json)).toBe(201);
  const swapId = asked.data.swap.id;
  for (const [who, status] of [[ownerSide, 'ACCEPTED'], [ownerSide, 'HANDED_OVER'], [asker, 'RECEIVED']] as const) {
    expect((await move(who, swapId, status)).status).toBe(200);
    if (status === until) break;
  }
  return swapId;
}

/** Moves a swap's receipt (and its review window) `days` into the past. */
async function receivedDaysAgo(swapId: string, days: number): Promise<void> {
  const swap = (await getItem(`swap#${swapId}`, 'swap'))!;
  const receivedAt = new Date(Date.now() - days * 86_400_000).toISOString();
  const closesAt = new Date(Date.parse(receivedAt) + 14 * 86_400_000).toISOString();
  const old = reviewWindowKey(new Date(Date.parse(String(swap.receivedAt)) + 14 * 86_400_000).toISOString(), swapId);
  expect(await getItem(old.pk, old.sk)).toBeTruthy();
  await deleteItem(old.pk, old.sk);
  await putItem({ ...reviewWindowKey(closesAt, swapId), swapId, closesAt });
  await setAttributes(`swap#${swapId}`, 'swap', { receivedAt });
}

describe('POST /api/iam/swaps/{id}/review', () => {
  let owner: TestUser;
  let asker: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    [owner, asker, stranger] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
  });

  it('takes a review only from a side, once the plant is received, and validates it naming the field', async () => {
    const swapId = await swapUpTo(owner, asker, 'HANDED_OVER');
    const early = await review(asker, swapId, { rating: 5, wasSafe: true, text: 'Lovely' });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ error: { message: 'A swap is reviewed once the plant is received' } });
    expect((await move(asker, swapId, 'RECEIVED')).status).toBe(200);
    expect((await review(stranger, swapId, { rating: 5, wasSafe: true })).status).toBe(404);
    for (const [body, field] of [
      [{ rating: 6, wasSafe: true }, 'rating'],
      [{ rating: 2.5, wasSafe: true }, 'rating'],
      [{ rating: 0, wasSafe: true }, 'rating'],
      [{ rating: 4 }, 'wasSafe'],
      [{ rating: 4, wasSafe: true, text: 'x'.repeat(1001) }, 'text'],
    ] as const) {
      const res = await review(asker, swapId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ error: { field } });
    }
    expect(await getItem(`swap#${swapId}`, 'review#requester')).toBeUndefined();
  });

  it('keeps a review hidden until the other side has written, then shows both and counts each in the other\'s record once', async () => {
    const [o, a] = await Promise.all([registeredUser(), registeredUser()]);
    const swapId = await swapUpTo(o, a, 'RECEIVED');
    // Completed counts on the move, before any review.
    expect(await recordOf(o.uuid)).toEqual({ completed: 1, positiveShare: null, reviews: [] });
    // One received swap per member and listing: the same two cannot pile up records on it.
    const plantId = String((await getItem(`swap#${swapId}`, 'swap'))!.plantId);
    const askAgain = await as<{ swap: SwapView }>(a.browser, 'POST', '/api/iam/swaps/new', { plantId, message: 'Another one?' });
    expect(askAgain.status).toBe(409);
    expect(askAgain.json).toMatchObject({ error: { message: 'You have received a plant from this listing already' } });
    expect(await recordOf(a.uuid)).toEqual({ completed: 1, positiveShare: null, reviews: [] });

    const first = await review(a, swapId, { rating: 5, wasSafe: true, text: 'Healthy plant, kind owner' });
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.data.review).toMatchObject({ rating: 5, shown: false, by: a.uuid });
    expect((await recordOf(o.uuid)).reviews).toEqual([]);
    // The other side hears they can write theirs, and that it shows both.
    expect((await notificationsOf(o)).find((n) => n.kind === 'swap' && /reviewed the swap of Monstera deliciosa: write yours/.test(n.text ?? ''))).toBeTruthy();
    const again = await review(a, swapId, { rating: 1, wasSafe: false });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: { message: 'You have reviewed this swap already' } });
    const card = (await as<{ swaps: SwapCard[] }>(a.browser, 'GET', '/api/iam/swaps/mine/asked')).data.swaps.find((s) => s.id === swapId)!;
    expect(card).toMatchObject({ status: 'RECEIVED', reviewed: true, reviewClosesAt: expect.any(String) });
    expect((await as<{ swaps: SwapCard[] }>(o.browser, 'GET', '/api/iam/swaps/mine/offered')).data.swaps.find((s) => s.id === swapId)).toMatchObject({ reviewed: false });

    const second = await review(o, swapId, { rating: 3, wasSafe: false, text: 'Came late' });
    expect(second.status).toBe(201);
    expect(second.data.review.shown).toBe(true);
    expect(await recordOf(o.uuid)).toEqual({ completed: 1, positiveShare: 1, reviews: [{ id: reviewIdOf(swapId, 'requester'), swapId, rating: 5, wasSafe: true, text: 'Healthy plant, kind owner', by: a.uuid }] });
    expect(await recordOf(a.uuid)).toEqual({ completed: 1, positiveShare: 0, reviews: [{ id: reviewIdOf(swapId, 'owner'), swapId, rating: 3, wasSafe: false, text: 'Came late', by: o.uuid }] });
    // The window is done with: nothing is left for the job.
    const swap = (await getItem(`swap#${swapId}`, 'swap'))!;
    const window = reviewWindowKey(new Date(Date.parse(String(swap.receivedAt)) + 14 * 86_400_000).toISOString(), swapId);
    expect(await getItem(window.pk, window.sk)).toBeUndefined();
  });

  it('of two reviews at once, both show and each counts once', async () => {
    for (let round = 0; round < 3; round++) {
      const [o, a] = await Promise.all([registeredUser(), registeredUser()]);
      const swapId = await swapUpTo(o, a, 'RECEIVED');
      const [x, y] = await Promise.all([review(o, swapId, { rating: 4, wasSafe: true }), review(a, swapId, { rating: 2, wasSafe: true })]);
      expect([x.status, y.status]).toEqual([201, 201]);
      expect([x.data.review.shown, y.data.review.shown].filter(Boolean)).toHaveLength(1);
      expect(await getItem(`swaprecord#user#${o.uuid}`, 'record')).toMatchObject({ completed: 1, reviews: 1, positive: 0 });
      expect(await getItem(`swaprecord#user#${a.uuid}`, 'record')).toMatchObject({ completed: 1, reviews: 1, positive: 1 });
      expect((await recordOf(o.uuid)).reviews).toHaveLength(1);
      expect((await recordOf(a.uuid)).reviews).toHaveLength(1);
    }
  });

  it('shows a lone review when the window closes, once whatever the reruns, and takes no review after', async () => {
    const [o, a] = await Promise.all([registeredUser(), registeredUser()]);
    const swapId = await swapUpTo(o, a, 'RECEIVED');
    expect((await review(o, swapId, { rating: 4, wasSafe: true, text: 'Easy' })).status).toBe(201);
    await receivedDaysAgo(swapId, 13);
    // Not due yet: the job leaves it.
    await closeReviewWindows();
    expect((await recordOf(a.uuid)).reviews).toEqual([]);

    await receivedDaysAgo(swapId, 15);
    const late = await review(a, swapId, { rating: 5, wasSafe: true });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ error: { message: expect.stringMatching(/^The review window closed on \d{4}-\d{2}-\d{2}$/) } });
    const ran = await closeReviewWindows();
    expect(ran.closed).toBeGreaterThanOrEqual(1);
    await closeReviewWindows();
    expect(await recordOf(a.uuid)).toEqual({ completed: 1, positiveShare: 1, reviews: [{ id: reviewIdOf(swapId, 'owner'), swapId, rating: 4, wasSafe: true, text: 'Easy', by: o.uuid }] });
    expect(await getItem(`swaprecord#user#${a.uuid}`, 'record')).toMatchObject({ reviews: 1, positive: 1 });
    // A write racing the close: the window is gone, so nothing more lands.
    expect((await review(a, swapId, { rating: 5, wasSafe: true })).status).toBe(409);
    expect(await getItem(`swap#${swapId}`, 'review#requester')).toBeUndefined();
  });

  it('a window closing with no review shows nothing and goes', async () => {
    const [o, a] = await Promise.all([registeredUser(), registeredUser()]);
    const swapId = await swapUpTo(o, a, 'RECEIVED');
    await receivedDaysAgo(swapId, 20);
    await closeReviewWindows();
    expect(await recordOf(o.uuid)).toEqual({ completed: 1, positiveShare: null, reviews: [] });
  });
});

describe('GET /api/user/{uuid}/swap-record', () => {
  it('is 404 for an unknown account, and names a deleted reviewer as no one', async () => {
    expect((await call('GET', `/api/user/${randomUUID()}/swap-record`)).status).toBe(404);
    expect((await call('GET', '/api/user/not-a-uuid/swap-record')).status).toBe(400);
    const [o, a] = await Promise.all([registeredUser(), registeredUser()]);
    const swapId = await swapUpTo(o, a, 'RECEIVED');
    expect((await review(a, swapId, { rating: 5, wasSafe: true, text: 'Great' })).status).toBe(201);
    expect((await review(o, swapId, { rating: 5, wasSafe: true, text: 'Great too' })).status).toBe(201);
    expect((await as(a.browser, 'DELETE', '/api/iam/authn/delete', { uuid: a.uuid })).status).toBe(200);
    // Their review of the owner stays, anonymised; their own record goes with their profile.
    expect((await recordOf(o.uuid)).reviews).toEqual([{ id: reviewIdOf(swapId, 'requester'), swapId, rating: 5, wasSafe: true, text: 'Great', by: null }]);
    expect((await call('GET', `/api/user/${a.uuid}/swap-record`)).status).toBe(404);
  });
});

describe('a page\'s swaps', () => {
  it('count in the page\'s record (in its details), in no member\'s, and any of its admins or moderators reviews for it', async () => {
    const [admin, mod, plain, asker] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const page = await newPage(admin);
    await withRole(admin, mod, page.id, 'moderator');
    await withRole(admin, plain, page.id, 'member');
    const listing = await as<{ plant: { id: string } }>(admin.browser, 'POST', '/api/iam/plant/new', {
      id: randomUUID(), text: '', pageId: page.id, plant: { commonName: 'Staghorn', availability: 'Free to a good home' },
      plant_photos: [{ key: await uploadPhoto(admin), description: 'A staghorn' }], privacy: 'public', tags: [],
    });
    expect(listing.status, JSON.stringify(listing.json)).toBe(201);
    const swapId = await swapUpTo(admin, asker, 'RECEIVED', listing.data.plant.id, mod);
    expect((await review(plain, swapId, { rating: 5, wasSafe: true })).status).toBe(404);
    expect((await review(mod, swapId, { rating: 5, wasSafe: true, text: 'Thanks for visiting' })).status).toBe(201);
    const twice = await review(admin, swapId, { rating: 1, wasSafe: true });
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ error: { message: 'The page has reviewed this swap already' } });
    expect((await review(asker, swapId, { rating: 4, wasSafe: true, text: 'Well run' })).status).toBe(201);

    const details = await call<PageDetails>('GET', `/api/page/all-details/${page.handle}`);
    expect(details.data.swapRecord).toEqual({ completed: 1, positiveShare: 1, reviews: [{ id: reviewIdOf(swapId, 'requester'), swapId, rating: 4, wasSafe: true, text: 'Well run', by: asker.uuid }] });
    expect(await recordOf(asker.uuid)).toEqual({ completed: 1, positiveShare: 1, reviews: [{ id: reviewIdOf(swapId, 'owner'), swapId, rating: 5, wasSafe: true, text: 'Thanks for visiting', by: mod.uuid }] });
    for (const staff of [admin, mod]) expect(await recordOf(staff.uuid)).toEqual({ completed: 0, positiveShare: null, reviews: [] });
  });
});

describe('reporting a swap review', () => {
  it('names only a shown review; hiding it takes it out of the record with its counts and tells its writer, once', async () => {
    const [giver, taker, reader] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const boss = await admin();
    const swapId = await swapUpTo(giver, taker, 'RECEIVED');
    const first = await review(giver, swapId, { rating: 5, wasSafe: true, text: 'Lovely and kind' });
    expect(first.status).toBe(201);
    const reviewId = first.data.review.id;
    const report = (who: TestUser, id: string) => as<ReportReceipt>(who.browser, 'POST', '/api/iam/reports/new', { target: { type: 'review', id }, reason: 'abuse', text: '' });

    // Not shown yet: nobody can name it (it tells nothing of an unshown review), nor an unknown id.
    expect((await report(reader, reviewId)).status).toBe(404);
    expect((await report(reader, randomUUID())).status).toBe(404);

    expect((await review(taker, swapId, { rating: 1, wasSafe: false, text: 'Abusive words' })).status).toBe(201);
    const before = await recordOf(giver.uuid);
    const theirs = before.reviews.find((r) => r.swapId === swapId)!;
    expect(theirs).toMatchObject({ text: 'Abusive words', rating: 1 });
    expect(before).toMatchObject({ completed: 1, positiveShare: 0 });
    const filed = await report(reader, theirs.id);
    expect(filed.status, JSON.stringify(filed.json)).toBe(201);
    // A second report of it joins the same case.
    const again = await report(giver, theirs.id);
    expect(again.data.caseId).toBe(filed.data.caseId);

    const queue = await as<{ reports: ReportCaseView[] }>(boss.browser, 'GET', '/api/iam/admin/reports/open');
    const open = queue.data.reports.find((c) => c.id === filed.data.caseId)!;
    expect(open).toMatchObject({ target: { type: 'review', id: theirs.id }, preview: { state: 'live', author: { id: taker.uuid } } });
    expect(open.preview.text).toContain('Abusive words');

    const hidden = await as<ReportCaseView>(boss.browser, 'PUT', `/api/iam/admin/reports/${filed.data.caseId}`, { action: 'hide-content', note: '' });
    expect(hidden.status, JSON.stringify(hidden.json)).toBe(200);
    const after = await recordOf(giver.uuid);
    expect(after.reviews.map((r) => r.swapId)).not.toContain(swapId);
    // Its counts are taken back: no reviews left, so no share; the completed swap stays.
    expect(after).toMatchObject({ completed: 1, positiveShare: null });
    expect(await getItem(`swaprecord#user#${giver.uuid}`, 'record')).toMatchObject({ reviews: 0, positive: 0, completed: 1 });
    expect((await notificationsOf(taker)).some((n) => n.kind === 'content-hidden' && n.text?.includes('swap review'))).toBe(true);
    // The other side's review stays, counted once.
    expect((await recordOf(taker.uuid)).reviews.map((r) => r.swapId)).toEqual([swapId]);

    // Hidden now: a member cannot name it, and its id is the one its swap and side make.
    expect((await report(reader, theirs.id)).status).toBe(404);
    expect(theirs.id).toBe(reviewIdOf(swapId, 'requester'));
  }, 60_000);
});

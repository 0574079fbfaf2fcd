/** Swaps: a request on a plant listing and the two sides' moves, each in order and once. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SwapCard, SwapView } from '../../shared/answers/swaps';
import type { InboxAnswer } from '../../shared/answers/messages';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { newPlant, notificationsOf, uploadPhoto } from '../support/content';
import { getItem, setAttributes } from '../support/db';
import { newPage, withRole } from '../support/pages';
import { admin, registeredUser, type TestUser } from '../support/users';

let owner: TestUser;
let asker: TestUser;
let other: TestUser;
let boss: TestUser;

beforeAll(async () => {
  [owner, asker, other, boss] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), admin()]);
});

const ask = (who: TestUser, body: Record<string, unknown>) => as<{ swap: SwapView }>(who.browser, 'POST', '/api/iam/swaps/new', body);
const move = (who: TestUser, id: string, status: string, extra: Record<string, unknown> = {}) =>
  as<{ swap: SwapView }>(who.browser, 'PUT', `/api/iam/swaps/${id}/status`, { status, ...extra });
const mine = (who: TestUser, role: 'asked' | 'offered') => as<{ swaps: SwapCard[]; cursorId: string | null }>(who.browser, 'GET', `/api/iam/swaps/mine/${role}`);

async function requested(listing?: string, by: TestUser = asker): Promise<SwapView> {
  const plantId = listing ?? (await newPlant(owner, { commonName: 'Monstera' })).id;
  const res = await ask(by, { plantId, message: 'Could I have a cutting?' });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.data.swap;
}

describe('POST /api/iam/swaps/new', () => {
  it('asks for a listing: the request, its message in the two sides\' conversation, and in both lists', async () => {
    const plant = await newPlant(owner, { commonName: 'Silver fern' });
    const offer = await newPlant(asker, { commonName: 'Pothos' });
    const id = randomUUID();
    const res = await ask(asker, { id, plantId: plant.id, message: 'I can bring a pothos', offer: offer.id });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.data.swap).toMatchObject({ id, status: 'REQUESTED', plantId: plant.id, requesterId: asker.uuid, ownerId: owner.uuid, ownerType: 'user', offerId: offer.id });
    // A retry answers the first request, and sends its message once.
    const again = await ask(asker, { id, plantId: plant.id, message: 'I can bring a pothos', offer: offer.id });
    expect(again.status).toBe(200);
    expect(again.data.swap.id).toBe(id);
    const inbox = await as<InboxAnswer>(owner.browser, 'GET', '/api/iam/messages/all');
    const row = inbox.data.conversations.find((c) => c.with.id === asker.uuid);
    expect(row).toMatchObject({ lastPreview: 'I can bring a pothos', unread: 1 });

    expect((await mine(asker, 'asked')).data.swaps[0]).toMatchObject({ id, plant: { commonName: 'Silver fern' }, other: { type: 'user', id: owner.uuid } });
    expect((await mine(owner, 'offered')).data.swaps[0]).toMatchObject({ id, other: { type: 'user', id: asker.uuid, handle: asker.profile.username } });
    expect((await mine(other, 'asked')).data.swaps).toEqual([]);
  });

  it('refuses one\'s own listing (403), a second open request (409), a listing not available or blocked either way (409 alike), and a bad offer naming it', async () => {
    const plant = await newPlant(owner);
    expect((await ask(owner, { plantId: plant.id, message: 'mine' })).status).toBe(403);
    await requested(plant.id);
    const twice = await ask(asker, { plantId: plant.id, message: 'again' });
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ error: { message: expect.stringContaining('open request') } });

    const gone = await newPlant(owner, { availability: 'Not available' });
    const notAvailable = await ask(other, { plantId: gone.id, message: 'please' });
    expect(notAvailable.status).toBe(409);
    expect(notAvailable.json).toMatchObject({ error: { message: 'This listing is not available' } });

    const [blocker, blocked] = await Promise.all([registeredUser(), registeredUser()]);
    const theirs = await newPlant(blocker);
    expect((await as(blocker.browser, 'POST', '/api/iam/blocks/new', { userId: blocked.uuid })).status).toBeLessThan(300);
    const refused = await ask(blocked, { plantId: theirs.id, message: 'please' });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual(notAvailable.json);
    const mineToThem = await newPlant(blocked);
    expect((await ask(blocker, { plantId: mineToThem.id, message: 'please' })).json).toEqual(notAvailable.json);

    const notMine = await newPlant(other);
    const badOffer = await ask(asker, { plantId: (await newPlant(owner)).id, message: 'swap?', offer: notMine.id });
    expect(badOffer.status).toBe(400);
    expect(badOffer.json).toMatchObject({ error: { field: 'offer' } });
    expect((await ask(asker, { plantId: randomUUID(), message: 'x' })).status).toBe(404);
    expect((await ask(asker, { plantId: plant.id, message: '' })).json).toMatchObject({ error: { field: 'message' } });
    expect((await call('POST', '/api/iam/swaps/new', { body: { plantId: plant.id, message: 'x' } })).status).toBe(401);
  });
});

describe('PUT /api/iam/swaps/{id}/status', () => {
  it('runs the whole way: accepted (marking the listing not available), handed over, received; each side told', async () => {
    const plant = await newPlant(owner, { commonName: 'Hoya' });
    const swap = await requested(plant.id);
    const accepted = await move(owner, swap.id, 'ACCEPTED', { markUnavailable: true });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    expect(accepted.data.swap.status).toBe('ACCEPTED');
    expect(await getItem(`post#${plant.id}`, 'post')).toMatchObject({ available: false });
    expect((await notificationsOf(asker)).find((n) => n.kind === 'swap' && n.targetId === plant.id)).toMatchObject({ text: expect.stringMatching(/ accepted your request for Hoya$/), targetType: 'plant' });
    expect((await move(owner, swap.id, 'HANDED_OVER')).data.swap.status).toBe('HANDED_OVER');
    expect((await move(asker, swap.id, 'RECEIVED')).data.swap.status).toBe('RECEIVED');
    expect((await notificationsOf(owner)).find((n) => n.kind === 'swap' && n.text?.endsWith(' marked Hoya received'))).toBeTruthy();
    // Closed: the open request is gone, so the member may ask again once it is available.
    expect(await getItem(`swapopen#post#${plant.id}`, `user#${asker.uuid}`)).toBeUndefined();
    const closed = await move(asker, swap.id, 'CANCELLED');
    expect(closed.status).toBe(409);
    expect(closed.json).toMatchObject({ error: { field: 'status', message: 'This swap is closed (received): nothing more can change' } });
  });

  it('lets each side make only its own moves, in order, and says why', async () => {
    const swap = await requested();
    const why = async (who: TestUser, status: string) => {
      const res = await move(who, swap.id, status);
      expect(res.status, `${status}`).toBe(409);
      return (res.json as { error: { message: string } }).error.message;
    };
    expect(await why(asker, 'ACCEPTED')).toBe('Only the listing\'s owner marks a request accepted');
    expect(await why(owner, 'HANDED_OVER')).toBe('The plant is handed over once the request is accepted');
    expect(await why(asker, 'RECEIVED')).toBe('The plant is received once it is handed over');
    expect(await why(owner, 'RECEIVED')).toBe('Only the member who asked confirms they received it');
    expect((await move(owner, swap.id, 'ACCEPTED')).status).toBe(200);
    expect(await why(owner, 'ACCEPTED')).toBe('An accepted request cannot be accepted');
    expect((await move(owner, swap.id, 'HANDED_OVER')).status).toBe(200);
    expect(await why(asker, 'CANCELLED')).toBe('A swap is cancelled before the plant is handed over, not after');
    const bad = await move(owner, swap.id, 'DONE');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'status' } });
    expect((await move(owner, swap.id, 'DECLINED', { markUnavailable: true })).json).toMatchObject({ error: { field: 'markUnavailable' } });
  });

  it('answers 404 to anyone but the two sides, site admins included, and lets either side cancel', async () => {
    const swap = await requested();
    for (const who of [other, boss]) expect((await move(who, swap.id, 'CANCELLED')).status).toBe(404);
    expect((await move(asker, randomUUID(), 'CANCELLED')).status).toBe(404);
    expect((await move(asker, swap.id, 'CANCELLED')).data.swap.status).toBe('CANCELLED');
    const second = await requested();
    expect((await move(owner, second.id, 'CANCELLED')).data.swap.status).toBe('CANCELLED');
    expect(await getItem(`swap#${second.id}`, 'swap')).toMatchObject({ status: 'CANCELLED', movedBy: owner.uuid, closedAt: expect.any(String) });
  });

  it('tells no one a block stands between (one made after the request), and shows no hidden listing on a card', async () => {
    const plant = await newPlant(owner, { commonName: 'Peperomia' });
    const swap = await requested(plant.id, other);
    expect((await as(other.browser, 'POST', '/api/iam/blocks/new', { userId: owner.uuid })).status).toBeLessThan(300);
    expect((await move(owner, swap.id, 'ACCEPTED')).status).toBe(200);
    expect((await notificationsOf(other)).filter((n) => n.kind === 'swap' && n.targetId === plant.id)).toEqual([]);
    expect((await as(other.browser, 'DELETE', `/api/iam/blocks/${owner.uuid}`)).status).toBeLessThan(300);
    await setAttributes(`post#${plant.id}`, 'post', { hiddenAt: new Date().toISOString() });
    expect((await mine(other, 'asked')).data.swaps.find((s) => s.id === swap.id)).toMatchObject({ plant: null });
  });

  it('of two moves at once, one lands and the other is a 409', async () => {
    for (let round = 0; round < 3; round++) {
      // The same move twice at once: whichever reads second finds it made (or its version gone).
      const swap = await requested();
      const twice = await Promise.all([move(owner, swap.id, 'ACCEPTED'), move(owner, swap.id, 'ACCEPTED')]);
      expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await getItem(`swap#${swap.id}`, 'swap')).toMatchObject({ status: 'ACCEPTED', version: 1 });

      // Two sides at once. Read before either wrote, one lands on the version both read and the
      // other is refused; if the cancel read after the accept landed, it is a later move of its
      // own (a requester may cancel an accepted swap). Never both on the same version.
      const other = await requested();
      const [a, b] = await Promise.all([move(owner, other.id, 'ACCEPTED'), move(asker, other.id, 'CANCELLED')]);
      const stored = await getItem(`swap#${other.id}`, 'swap');
      if (a.status === 200 && b.status === 200) expect(stored).toMatchObject({ status: 'CANCELLED', version: 2, movedBy: asker.uuid });
      else {
        expect([a.status, b.status].sort()).toEqual([200, 409]);
        expect(stored).toMatchObject({ status: a.status === 200 ? 'ACCEPTED' : 'CANCELLED', version: 1 });
      }
    }
  });

  it('takes a page\'s listing: its admins and moderators make the owner\'s moves, a plain member makes none', async () => {
    const page = await newPage(owner);
    const [mod, plain] = await Promise.all([registeredUser(), registeredUser()]);
    await withRole(owner, mod, page.id, 'moderator');
    await withRole(owner, plain, page.id, 'member');
    const listing = await as<{ plant: { id: string } }>(owner.browser, 'POST', '/api/iam/plant/new', {
      id: randomUUID(), text: '', pageId: page.id, plant: { commonName: 'Staghorn', availability: 'Free to a good home' },
      plant_photos: [{ key: await uploadPhoto(owner), description: 'A staghorn' }], privacy: 'public', tags: [],
    });
    expect(listing.status, JSON.stringify(listing.json)).toBe(201);
    // Staff do not ask for their own page's listing.
    expect((await ask(mod, { plantId: listing.data.plant.id, message: 'me?' })).status).toBe(403);
    const swap = await requested(listing.data.plant.id);
    expect(swap).toMatchObject({ ownerType: 'page', ownerId: page.id });
    expect((await move(plain, swap.id, 'ACCEPTED')).status).toBe(404);
    // The page's requests list is for its staff.
    const pageList = (who: TestUser, role = 'offered') => as<{ swaps: SwapCard[] }>(who.browser, 'GET', `/api/iam/swaps/mine/${role}?pageId=${page.id}`);
    expect((await pageList(mod)).data.swaps.map((c) => c.id)).toEqual([swap.id]);
    expect((await pageList(owner)).data.swaps[0]).toMatchObject({ id: swap.id, other: { type: 'user', id: asker.uuid } });
    expect((await pageList(plain)).status).toBe(404);
    expect((await pageList(other)).status).toBe(404);
    expect((await pageList(mod, 'asked')).json).toMatchObject({ error: { field: 'pageId' } });
    expect((await mine(mod, 'offered')).data.swaps).toEqual([]);
    expect((await move(mod, swap.id, 'ACCEPTED')).data.swap.status).toBe('ACCEPTED');
    // A page's listing is marked by whoever listed it.
    const other2 = await requested(listing.data.plant.id, other);
    expect((await move(mod, other2.id, 'ACCEPTED', { markUnavailable: true })).json).toMatchObject({ error: { field: 'markUnavailable' } });
    // A page's side speaks as the page.
    expect((await notificationsOf(asker)).find((n) => n.kind === 'swap' && n.targetId === listing.data.plant.id)).toMatchObject({ text: 'Newtown Community Garden accepted your request for Staghorn' });
    // The requester's moves reach the page's admins as they are now.
    expect((await move(asker, swap.id, 'CANCELLED')).status).toBe(200);
    expect((await notificationsOf(owner)).find((n) => n.kind === 'swap' && n.targetId === listing.data.plant.id && n.text?.endsWith(' cancelled the swap of Staghorn'))).toBeTruthy();
    expect((await notificationsOf(plain)).filter((n) => n.kind === 'swap')).toEqual([]);
  });
});

describe('deleting an account', () => {
  it('cancels its open requests both ways, tells the other side, and leaves a handed-over swap to be confirmed', async () => {
    const [leaver, keeper] = await Promise.all([registeredUser(), registeredUser()]);
    const theirs = await newPlant(keeper, { commonName: 'Hoya' });
    const asked = (await ask(leaver, { plantId: theirs.id, message: 'Hoya please' })).data.swap;
    const mineListing = await newPlant(leaver, { commonName: 'Calathea' });
    const offered = (await ask(keeper, { plantId: mineListing.id, message: 'Calathea please' })).data.swap;
    expect((await move(leaver, offered.id, 'ACCEPTED')).status).toBe(200);
    const third = await newPlant(leaver, { commonName: 'Peperomia' });
    const handed = (await ask(keeper, { plantId: third.id, message: 'And this one' })).data.swap;
    expect((await move(leaver, handed.id, 'ACCEPTED')).status).toBe(200);
    expect((await move(leaver, handed.id, 'HANDED_OVER')).status).toBe(200);

    expect((await as(leaver.browser, 'DELETE', '/api/iam/authn/delete', { uuid: leaver.uuid })).status).toBe(200);
    expect(await getItem(`swap#${asked.id}`, 'swap')).toMatchObject({ status: 'CANCELLED', movedBy: leaver.uuid });
    expect(await getItem(`swap#${offered.id}`, 'swap')).toMatchObject({ status: 'CANCELLED' });
    expect(await getItem(`swapopen#post#${theirs.id}`, `user#${leaver.uuid}`)).toBeUndefined();
    const told = (await notificationsOf(keeper)).filter((n) => n.kind === 'swap' && n.text?.endsWith('was cancelled: the other side has left'));
    expect(told.map((n) => n.targetId).sort()).toEqual([theirs.id, mineListing.id].sort());
    // Handed over: the requester still confirms it, and the other side shows as a former member.
    expect((await move(keeper, handed.id, 'RECEIVED')).data.swap.status).toBe('RECEIVED');
    const card = (await mine(keeper, 'asked')).data.swaps.find((c) => c.id === handed.id);
    expect(card?.other).toMatchObject({ type: 'user', handle: null, name: 'A former member' });
  });
});

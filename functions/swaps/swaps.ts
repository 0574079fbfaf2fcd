/**
 * Swaps (W1–W3, docs/data-model.md): a member asks for another's available plant listing, with a
 * message and one of their own listings offered (or nothing: a give-away), and the two sides move
 * the request through its steps:
 *
 *   REQUESTED → ACCEPTED or DECLINED (owner) → HANDED_OVER (owner) → RECEIVED (requester);
 *   CANCELLED by either side before HANDED_OVER.
 *
 * Each move is one transaction guarded on the swap's version as read (of two moves at once one
 * lands, the other is a 409), with the mover's account (and a page's side: their role) as
 * conditions, the open marker's delete when it closes the request, and the other side's
 * notification. The request's message is the first message of the two sides' conversation; later
 * moves are notifications, not messages. Above the posts, pages and messages domains.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SwapCard, SwapView } from '../../shared/answers/swaps';
import { NOT_AVAILABLE } from '../../shared/content-rules';
import { SWAP_CLOSED, type NewSwapInput, type SwapMove, type SwapStatus, type SwapStatusInput } from '../../shared/schemas/swaps';
import { batchGet } from '../db/batch';
import { absent, and, eq } from '../db/condition';
import { blockKey } from '../db/entities/conversation';
import { pageKey, type PageItem } from '../db/entities/page';
import { postKey, type PostItem } from '../db/entities/post';
import type { SwapItem } from '../db/entities/swap';
import { myReviewKey, receivedWrites, reviewClosesAt, swapDoneKey } from '../db/items/swap-record';
import { otherSideOf, plantNameOf, type Side } from './sides';
import { userKey, type UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { conditionCheck } from '../db/write';
import { badRequest, conflict, forbidden, notFound, serviceUnavailable } from '../lib/errors';
import { logger } from '../lib/logger';
import { onePage, type Page } from '../lib/paging';
import type { Session } from '../lib/session/token';
import { viewerOf } from '../lib/session/viewer';
import { sendMessage } from '../messages/sending';
import { startPageConversation, startUserConversation } from '../messages/starting';
import { notificationWrite } from '../notifications/notifications';
import { getPage, isPageStaff, membershipOf, pageActorNow, roleCheck, roleOf, type PageActor } from '../pages/pages';
import { getPostItem } from '../posts/post-item';
import { editPost } from '../posts/write';
import { canSee } from '../posts/visibility';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { eitherBlocks } from '../users/blocks';

export const SWAPS_PAGE_SIZE = 20;

const notAvailable = () => conflict('This listing is not available');

export async function getSwap(id: string): Promise<SwapItem | null> {
  const { data } = await db().entities.swap.get({ id }).go({ consistent: true });
  return (data as SwapItem | null) ?? null;
}

export function swapViewOf(s: SwapItem): SwapView {
  return {
    id: s.id, status: s.status, plantId: s.plantId, requesterId: s.requesterId, ownerId: s.ownerId, ownerType: s.ownerType,
    offerId: s.offerId ?? null, message: s.message, createdAt: s.createdAt, updatedAt: s.updatedAt,
  };
}


/** The id of the message a request becomes: one per swap, so that a retry sends it once. */
function requestMessageId(swapId: string): string {
  const h = createHash('sha256').update(`swap request message ${swapId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The request's words as the first message of the two sides' conversation (member to member, or
 * member to the page), sent once whatever the retries. A failure is logged, not the request's:
 * the swap stands, and a retry of the request sends it.
 */
async function sendRequestMessage(session: Session, swap: SwapItem): Promise<void> {
  try {
    const { convnId } =
      swap.ownerType === 'user' ? await startUserConversation(session, [session.userId, swap.ownerId]) : await startPageConversation(session, session.userId, swap.ownerId);
    await sendMessage(session, { id: requestMessageId(swap.id), conversation_id: convnId, content: swap.message });
  } catch (err) {
    logger.warn('a swap request\'s message could not be sent; a retry of the request sends it', { error: err as Error, swapId: swap.id });
  }
}

const LIVE_LISTING = and(eq('available', true), absent('deletedAt'), absent('hiddenAt'));

/**
 * Asks for a listing: 201 the request, or (a retry with the same id) the first one. `earlier`:
 * the swap with the request's id, as the caller read it (null: none, or no id sent).
 */
export async function requestSwap(session: Session, input: NewSwapInput, earlier: SwapItem | null): Promise<{ swap: SwapItem; created: boolean }> {
  const me = session.userId;
  const id = input.id ?? randomUUID();
  if (earlier) {
    if (earlier.requesterId !== me) throw conflict('This id belongs to another swap; generate a new one', 'id');
    await sendRequestMessage(session, earlier);
    return { swap: earlier, created: false };
  }
  // Read side by side; the offer is checked after the listing, as before.
  const [viewer, plant, offer] = await Promise.all([viewerOf(session), getPostItem(input.plantId), input.offer ? getPostItem(input.offer) : null]);
  if (!plant || plant.kind !== 'plant' || !canSee(plant, viewer)) throw notFound('There is no such plant listing', 'plantId');
  const own = plant.ownerType === 'user' ? plant.ownerId === me : plant.authorId === me || isPageStaff(roleOf(await membershipOf(plant.ownerId, me, true)));
  if (own) throw forbidden('You cannot ask for your own listing');
  if (!plant.available) throw notAvailable();
  if (plant.ownerType === 'user' && (await eitherBlocks(me, plant.ownerId))) throw notAvailable();
  if (input.offer) {
    if (!offer || offer.kind !== 'plant' || offer.ownerType !== 'user' || offer.ownerId !== me || offer.deletedAt || offer.hiddenAt || !offer.available) {
      throw badRequest('must be one of your own available plant listings', 'offer');
    }
  }
  const now = new Date().toISOString();
  const swap: SwapItem = {
    id, plantId: plant.id, ownerType: plant.ownerType, ownerId: plant.ownerId, requesterId: me, ...(input.offer ? { offerId: input.offer } : {}),
    message: input.message, status: 'REQUESTED', version: 0, createdAt: now, updatedAt: now,
  };
  const { swap: swaps, swapOpen } = txEntities();
  const items: TxItem[] = [
    named('swap-id-free', swaps.create(swap).commit()),
    named('one-open', swapOpen.create({ plantId: plant.id, requesterId: me, swapId: id }).commit()),
    // One received swap per member and listing: a record is not piled up on one listing.
    named('not-received', conditionCheck(swapDoneKey(plant.id, me), absent())),
    // Available, and no block either way: one answer, so a block is not revealed.
    named('listing-available', conditionCheck(postKey(plant.id), LIVE_LISTING)),
    ...(plant.ownerType === 'user' ? [blockKey(me, plant.ownerId), blockKey(plant.ownerId, me)].map((k) => named('listing-available', conditionCheck(k, absent()))) : []),
    // A page's listing: the page live and not hidden by an admin.
    ...(plant.ownerType === 'page' ? [named('listing-available', conditionCheck(pageKey(plant.ownerId), and(absent('deletedAt'), absent('hiddenAt'))))] : []),
    ...(input.offer ? [named('offer-available', conditionCheck(postKey(input.offer), and(LIVE_LISTING, eq('ownerId', me))))] : []),
    authorLiveCheck(me),
  ];
  const out = await writeItems(items);
  if (out.canceled) {
    const failed = failedChecks(out, items);
    if (failed.has('swap-id-free')) {
      const raced = await getSwap(id);
      if (raced && raced.requesterId === me) return { swap: raced, created: false };
      throw conflict('This id belongs to another swap; generate a new one', 'id');
    }
    await assertAuthorWasLive(out, items, me);
    if (failed.has('listing-available')) throw notAvailable();
    if (failed.has('one-open')) throw conflict('You already have an open request for this listing');
    if (failed.has('not-received')) throw conflict('You have received a plant from this listing already');
    if (failed.has('offer-available')) throw badRequest('must be one of your own available plant listings', 'offer');
    throw serviceUnavailable('The listing is changing; please try again');
  }
  await sendRequestMessage(session, swap);
  return { swap, created: true };
}


/** The moves each side makes from each status; anything else is refused with why. */
const MOVES: Record<Side, Partial<Record<SwapStatus, readonly SwapMove[]>>> = {
  owner: { REQUESTED: ['ACCEPTED', 'DECLINED', 'CANCELLED'], ACCEPTED: ['HANDED_OVER', 'CANCELLED'] },
  requester: { REQUESTED: ['CANCELLED'], ACCEPTED: ['CANCELLED'], HANDED_OVER: ['RECEIVED'] },
};

const MOVE_WORDS: Record<SwapMove, string> = { ACCEPTED: 'accepted', DECLINED: 'declined', CANCELLED: 'cancelled', HANDED_OVER: 'handed over', RECEIVED: 'received' };
/** What the other side is told, after the mover's name (the sentence is whole: lists show it as it is), of the listing `name`. */
const NOTICE: Record<SwapMove, (name: string | undefined) => string> = {
  ACCEPTED: (name) => `accepted your request${name ? ` for ${name}` : ''}`,
  DECLINED: (name) => `declined your request${name ? ` for ${name}` : ''}`,
  CANCELLED: (name) => `cancelled the swap${name ? ` of ${name}` : ''}`,
  HANDED_OVER: (name) => `marked ${name ?? 'the plant'} handed over`,
  RECEIVED: (name) => `marked ${name ?? 'the plant'} received`,
};

/** Whose move each is. */
const MOVERS: Record<SwapMove, readonly Side[]> = { ACCEPTED: ['owner'], DECLINED: ['owner'], HANDED_OVER: ['owner'], RECEIVED: ['requester'], CANCELLED: ['owner', 'requester'] };

/** Why a side may not make a move from a status (409). */
function refusal(side: Side, from: SwapStatus, move: SwapMove): string {
  if (SWAP_CLOSED.includes(from)) return `This swap is closed (${from.toLowerCase()}): nothing more can change`;
  if (!MOVERS[move].includes(side)) {
    return move === 'RECEIVED' ? 'Only the member who asked confirms they received it' : `Only the listing's owner marks a request ${MOVE_WORDS[move]}`;
  }
  if (move === 'CANCELLED') return 'A swap is cancelled before the plant is handed over, not after';
  if (move === 'HANDED_OVER') return 'The plant is handed over once the request is accepted';
  if (move === 'RECEIVED') return 'The plant is received once it is handed over';
  const state = from.toLowerCase().replace('_', ' ');
  return `${/^[aeiou]/.test(state) ? 'An' : 'A'} ${state} request cannot be ${MOVE_WORDS[move]}`;
}

/** Which side the member is on (a page's side: its admins and moderators, with the page as read and its role check); null: neither. */
export async function sideOf(session: Session, swap: SwapItem): Promise<{ side: Side; checks: TxItem[]; page: PageItem | null } | null> {
  if (swap.requesterId === session.userId) return { side: 'requester', checks: [], page: null };
  if (swap.ownerType === 'user') return swap.ownerId === session.userId ? { side: 'owner', checks: [], page: null } : null;
  // The member as they stand now (their session, account and role), read once.
  const { page, membership } = await pageActorNow(session, swap.ownerId);
  const role = roleOf(membership);
  if (!isPageStaff(role)) return null;
  if (!page || page.deletedAt) throw notFound('There is no page with this id', 'pageId');
  // Site admins make no moves: only a staff role counts, and one lost before the write cancels it.
  const staff: PageActor = { userId: session.userId, siteAdmin: false, membership, role };
  return { side: 'owner', checks: roleCheck(swap.ownerId, staff, 'moderator'), page };
}

/** Who the other side hears moved: a page's side speaks as the page (`page`, as read), a member as themselves. */
export async function moverNameOf(page: PageItem | null, moverId: string): Promise<string> {
  if (page) return page.name;
  const { data } = await db().entities.user.get({ uuid: moverId }).go();
  const u = data as UserItem | null;
  return (u && [u.firstName, u.lastName].filter(Boolean).join(' ')) || u?.username || 'Someone';
}

/** A side's move; 404 to anyone who is neither side (site admins included), 409 naming why a move is refused. */
export async function moveSwap(session: Session, input: SwapStatusInput): Promise<SwapItem> {
  if (session.suspended) throw forbidden('Your account is suspended');
  if (input.markUnavailable !== undefined && input.status !== 'ACCEPTED') throw badRequest('is for ACCEPTED only', 'markUnavailable');
  const swap = await getSwap(input.id);
  if (!swap) throw notFound('There is no such swap', 'id');
  const party = await sideOf(session, swap);
  if (!party) throw notFound('There is no such swap', 'id');
  const { side } = party;
  if (!MOVES[side][swap.status]?.includes(input.status)) throw conflict(refusal(side, swap.status, input.status), 'status');

  const [plant, recipients, moverName] = await Promise.all([getPostItem(swap.plantId), otherSideOf(swap, side, session.userId), moverNameOf(party.page, session.userId)]);
  // The listing is marked through its own write (every count and index follows): a member's by
  // them; a page's by whoever listed it.
  if (input.markUnavailable && plant && plant.ownerType === 'page' && plant.authorId !== session.userId) {
    throw badRequest('a page\'s listing is marked not available by the member who listed it: accept without it, and ask them', 'markUnavailable');
  }
  const now = new Date().toISOString();
  const after: SwapItem = { ...swap, status: input.status, movedBy: session.userId, updatedAt: now, version: swap.version + 1 };
  if (input.status === 'ACCEPTED') after.acceptedAt = now;
  if (input.status === 'HANDED_OVER') after.handedOverAt = now;
  if (input.status === 'RECEIVED') after.receivedAt = now;
  const closes = SWAP_CLOSED.includes(input.status);
  if (closes) after.closedAt = now;
  const name = plantNameOf(plant);
  const { swap: swaps, swapOpen } = txEntities();
  const { id, ...rest } = after;
  const items: TxItem[] = [
    named('swap-unchanged', swaps.put({ id, ...rest }).where((a, op) => op.eq(a.version, swap.version)).commit()),
    ...(closes ? [swapOpen.delete({ plantId: swap.plantId, requesterId: swap.requesterId }).commit() as TxItem] : []),
    // Received: a completed swap in both sides' records, and their review window opens.
    ...(input.status === 'RECEIVED' ? receivedWrites(swap, now) : []),
    authorLiveCheck(session.userId),
    ...party.checks,
    ...recipients.flatMap((recipient) =>
      notificationWrite(recipient, {
        // It leads to the listing, where the swap's steps show.
        kind: 'swap', actorId: session.userId, targetType: 'plant', targetId: swap.plantId,
        text: `${moverName} ${NOTICE[input.status](name)}`, ...(name ? { targetName: name } : {}),
      }),
    ),
  ];
  const out = await writeItems(items);
  if (out.canceled) {
    const failed = failedChecks(out, items);
    if (failed.has('swap-unchanged')) throw conflict('This swap moved meanwhile: reload it', 'status');
    await assertAuthorWasLive(out, items, session.userId);
    if (failed.has('actor-role')) throw forbidden('Only the page\'s admins and moderators answer its swaps');
    throw serviceUnavailable('The swap is busy; please try again');
  }
  if (input.markUnavailable && plant?.available) {
    // The move has landed: a listing that changed meanwhile (deleted, hidden) keeps what it is,
    // and the answer is still the move's.
    try {
      await editPost(plant.id, plant.ownerType === 'user' ? plant.ownerId : session.userId, await viewerOf(session), (p) => ({ plant: { ...(p.plant as object), availability: NOT_AVAILABLE } as never }), 'plant');
    } catch (err) {
      logger.warn('an accepted swap\'s listing could not be marked not available', { error: err as Error, swapId: swap.id, plantId: plant.id });
    }
  }
  return after;
}

/** A member's swaps: those they asked for, or the requests on their own listings, newest first. */
export async function mySwaps(session: Session, role: 'asked' | 'offered', cursorId: string | undefined, pageId?: string): Promise<Page<SwapCard>> {
  const me = session.userId;
  if (pageId && role === 'asked') throw badRequest('is for role offered only: a page asks for nothing', 'pageId');
  // A page's requests are for its admins and moderators (site admins make no moves, and see none).
  if (pageId) {
    const [page, membership] = await Promise.all([getPage(pageId), membershipOf(pageId, me)]);
    if (!page || page.deletedAt || !isPageStaff(roleOf(membership))) throw notFound('There is no such page of yours', 'pageId');
  }
  const owner = pageId ? { ownerType: 'page' as const, ownerId: pageId } : { ownerType: 'user' as const, ownerId: me };
  const q = db().entities.swap.query;
  const partition = role === 'asked' ? { field: 'gsi1pk', value: `swapsby#user#${me}` } : { field: 'gsi2pk', value: `swapsto#${owner.ownerType}#${owner.ownerId}` };
  const page = await onePage(cursorId, partition, async (cursor) => {
    const { data, cursor: next } = await (role === 'asked' ? q.asked({ requesterId: me }) : q.offered(owner)).go({ cursor, limit: SWAPS_PAGE_SIZE, order: 'desc' });
    return { data: data as SwapItem[], cursor: next };
  });
  return { items: await swapCards(page.items, role), cursorId: page.cursorId };
}

/** The cards of swaps: each listing's name and photo, the other side's name, and whether my side has reviewed it (one BatchGet). */
async function swapCards(swaps: SwapItem[], role: 'asked' | 'offered'): Promise<SwapCard[]> {
  const others = swaps.map((s) => (role === 'asked' ? { type: s.ownerType, id: s.ownerId } : { type: 'user' as const, id: s.requesterId }));
  const reviewKeys = swaps.map((s) => myReviewKey(s.id, role));
  const keys = [...swaps.map((s) => postKey(s.plantId)), ...others.map((o) => (o.type === 'user' ? userKey(o.id) : pageKey(o.id))), ...reviewKeys.filter((_, i) => swaps[i]!.receivedAt)];
  const found = new Map<string, Record<string, unknown>>();
  for (const item of keys.length ? await batchGet(keys) : []) found.set(`${String(item.pk)}|${String(item.sk)}`, item);
  const at = (k: { pk: string; sk: string }) => found.get(`${k.pk}|${k.sk}`);
  return swaps.map((s, i) => {
    const post = at(postKey(s.plantId)) as PostItem | undefined;
    const photo = post?.photos?.[0] as { key?: string } | undefined;
    const o = others[i]!;
    let other: SwapCard['other'];
    if (o.type === 'user') {
      const u = at(userKey(o.id)) as UserItem | undefined;
      const live = u && !u.deletedAt && u.username;
      other = { type: 'user', id: o.id, handle: live ? u.username! : null, name: live ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username! : 'A former member' };
    } else {
      const p = at(pageKey(o.id)) as PageItem | undefined;
      const shown = p && !p.deletedAt && !p.hiddenAt;
      other = { type: 'page', id: o.id, handle: shown ? p.handle : null, name: shown ? p.name : 'A former page' };
    }
    return {
      ...swapViewOf(s),
      plant: post && !post.deletedAt && !post.hiddenAt ? { commonName: plantNameOf(post) ?? 'A plant', photo: photo?.key ?? null } : null,
      other,
      reviewClosesAt: s.receivedAt ? reviewClosesAt(s.receivedAt) : null,
      reviewed: Boolean(at(reviewKeys[i]!)),
    };
  });
}


/**
 * Creating and changing pages (deleting one, which takes its posts and events with it, is
 * functions/cascades/page-deletion.ts). Every write is one transaction: the page (a whole-item
 * put guarded on `version`; membership changes `ADD` to its counts and its version, so a put
 * that read an older page retries instead of overwriting a count), the handle claims, the tag
 * links and tag usage counts, the actor's role as a condition, and the claims of new images.
 */
import { siteCountItem } from '../db/items/feed-counter';
import { normaliseSearchText } from '../../shared/format';
import { MAX_TAGS_PER_PAGE, type PlaceInput } from '../../shared/schemas/pages';
import type { PageItem } from '../db/entities/page';
import { db } from '../db/service';
import { pageSearchItems } from '../db/items/search-index';
import { failedChecks, named, txEntities, writeItems, type TxItem, type TxOutcome } from '../db/transact';
import { badRequest, conflict, forbidden, serviceUnavailable } from '../lib/errors';
import { afterRelisting, pageRelistItems } from '../listings/relist';
import { ensureTags, tagUsageItems } from '../tags/tags';
import { accountGone, assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { hasPermission, loadPermissionSettings } from '../users/permission-rules';
import { ownerIdClaimOf } from '../users/owner-ids';
import { getUser } from '../users/users';
import { claimPageImage, type PageImageOps } from './page-images';
import { getPage, roleCheck, roleLost, type PageActor } from './pages';
import { resolvePlace, type StoredPlace } from './place';

/** How many times a page write re-reads the page and tries again when it changed meanwhile. */
export const PAGE_WRITE_ATTEMPTS = 5;


/** The key the directory and tag lists sort and prefix-search a name by. */
export function nameKeyOf(name: string): string {
  return normaliseSearchText(name).slice(0, 80) || '-';
}

function placeFields(place: StoredPlace | null): Partial<PageItem> {
  return place ?? {};
}

function withoutPlace(page: PageItem): PageItem {
  const next = { ...page };
  for (const k of ['suburbCity', 'state', 'country', 'placeId', 'timeZone', 'latitude', 'longitude', 'geohash', 'address'] as const) delete next[k];
  return next;
}

/** The deletes of a live page's tag links (none once it is deleted). */
export function linkDeletes(p: PageItem): TxItem[] {
  if (p.deletedAt) return [];
  const { pageTagLink } = txEntities();
  return p.tags.map((tag) => pageTagLink.delete({ tag, nameKey: p.nameKey, pageId: p.id }).commit() as TxItem);
}

/**
 * Tag links and tag uses to change between two states of a page: the links of tags added or
 * removed, or all of them when the name (their sort key) changed or the page was deleted. A
 * transaction may touch an item once, so a kept tag's link is never deleted and put together.
 */
function tagWrites(before: PageItem | null, after: PageItem): { links: TxItem[]; uses: TxItem[] } {
  const was = new Set(before && !before.deletedAt ? before.tags : []);
  const now = new Set(after.deletedAt ? [] : after.tags);
  const added = [...now].filter((t) => !was.has(t));
  const removed = [...was].filter((t) => !now.has(t));
  const { pageTagLink } = txEntities();
  const put = (p: PageItem, tags: string[]) => tags.map((tag) => pageTagLink.put({ tag, nameKey: p.nameKey, pageId: p.id }).commit());
  const del = (p: PageItem, tags: string[]) => tags.map((tag) => pageTagLink.delete({ tag, nameKey: p.nameKey, pageId: p.id }).commit() as TxItem);
  const renamed = !!before && before.nameKey !== after.nameKey;
  const links = renamed ? [...del(before, [...was]), ...put(after, [...now])] : [...(before ? del(before, removed) : []), ...put(after, added)];
  const uses = [...(added.length ? tagUsageItems(added, 1) : []), ...(removed.length ? tagUsageItems(removed, -1) : [])].map((item) => named(TAGS_EXIST, item));
  return { links, uses };
}

/** The page's put, guarded on the version it was read at (a new page: on not existing). */
export function pagePut(before: PageItem | null, after: PageItem): TxItem {
  const { page } = txEntities();
  if (!before) return page.create(after).commit();
  const { id, version: _, ...rest } = after;
  return page.put({ id, ...rest, version: before.version + 1 }).where((a, op) => op.eq(a.version, before.version)).commit();
}

const PAGE_UNCHANGED = 'page-unchanged';

/**
 * Hides a page after a report (an admin's action): the page marked hidden, which takes it out of
 * the directory and nearby (their index conditions) and out of search (its tokens go); its staff
 * and site admins still open it, no one else, and nobody new joins it. The site's pages count one
 * less. `extra` (the case's close, the creator's notice) lands in the same transaction; a page
 * that changed meanwhile is read again. Answers the page as hidden (null: gone or hidden already).
 */
export async function hidePage(pageId: string, adminId: string, extra: (hidden: PageItem | null) => TxItem[]): Promise<{ page: PageItem | null; out: TxOutcome; items: TxItem[] }> {
  for (let attempt = 1; ; attempt++) {
    const page = await getPage(pageId, true);
    let hidden: PageItem | null = null;
    let own: TxItem[] = [];
    if (page && !page.deletedAt && !page.hiddenAt) {
      hidden = { ...page, hiddenAt: new Date().toISOString(), hiddenBy: adminId };
      own = [named(PAGE_UNCHANGED, pagePut(page, hidden)), ...pageSearchItems(page, hidden), siteCountItem('pages', -1)];
    }
    const items = [...own, ...extra(hidden)];
    const out = await writeItems(items);
    if (!out.canceled || !failedChecks(out, items).has(PAGE_UNCHANGED)) return { page: hidden, out, items };
    if (attempt >= PAGE_WRITE_ATTEMPTS) throw serviceUnavailable('The page is changing; please try again');
  }
}

export interface NewPage {
  id: string;
  handle: string;
  name: string;
  category?: 'group' | 'organisation';
  about?: string;
  avatar?: string;
  cover?: string;
  place?: PlaceInput;
  address?: string;
  tags?: string[];
  openness?: 'open' | 'moderated' | 'invite';
  addressPublic?: boolean;
}

const idTaken = () => conflict('This id is already taken; generate a new one', 'id');

/** Creates a page with its creator as its first admin; a retry with the same id answers the first (`created: false`). */
export async function createPage(userId: string, input: NewPage, beforeCreate: () => Promise<void> = async () => {}): Promise<{ page: PageItem; created: boolean }> {
  const [earlier, claim] = await Promise.all([getPage(input.id, true), ownerIdClaimOf(input.id)]);
  if (earlier) {
    if (earlier.createdBy !== userId || earlier.deletedAt) throw idTaken();
    return { page: earlier, created: false };
  }
  // Held by a member, by a page deleted and swept, or claimed: never a new page's.
  if (claim) throw idTaken();
  await beforeCreate();
  const user = await getUser(userId);
  if (!user || user.deletedAt) throw accountGone();
  if (!hasPermission(user, 'create-page', await loadPermissionSettings())) throw forbidden('You may not create pages');
  const place = input.place ? await resolvePlace(input.place) : null;
  const claims = [
    ...(input.avatar ? [await claimPageImage(userId, input.id, input.avatar, 'avatar')] : []),
    ...(input.cover ? [await claimPageImage(userId, input.id, input.cover, 'cover')] : []),
  ].map((item) => named(IMAGE_CLAIM, item));
  const now = new Date().toISOString();
  const page: PageItem = {
    id: input.id,
    handle: input.handle,
    name: input.name,
    nameKey: nameKeyOf(input.name),
    category: input.category ?? 'group',
    about: input.about ?? '',
    ...(input.avatar ? { avatar: input.avatar } : {}),
    ...(input.cover ? { cover: input.cover } : {}),
    tags: input.tags ?? [],
    ...placeFields(place),
    ...(place && input.address ? { address: input.address } : {}),
    openness: input.openness ?? 'open',
    addressPublic: input.addressPublic ?? false,
    postingRole: 'moderator',
    memberCount: 1,
    adminCount: 1,
    requestCount: 0,
    createdBy: userId,
    version: 0,
    createdAt: now,
    updatedAt: now,
  };
  const { handleClaim, ownerIdClaim, pageMember } = txEntities();
  for (let attempt = 1; ; attempt++) {
    const { links, uses } = tagWrites(null, page);
    const items: TxItem[] = [
      named('pageFree', pagePut(null, page)),
      named('handleFree', handleClaim.create({ handle: page.handle, ownerType: 'page', ownerId: page.id }).commit()),
      pageMember.create({ pageId: page.id, userId, status: 'member', role: 'creator', since: now, updatedAt: now }).commit(),
      authorLiveCheck(userId),
      // Members and pages share one id namespace: the page's id must be nobody's yet, for ever.
      named('idFree', ownerIdClaim.create({ id: page.id, ownerType: 'page', createdBy: userId, createdAt: now }).commit()),
      // And no member's, claimed or not: an account made before claims existed has none until the migration gives it one.
      named('idFree', txEntities().user.check({ uuid: page.id }).where((a, op) => op.notExists(a.uuid)).commit()),
      ...uses,
      ...links,
      ...claims,
      ...pageSearchItems(null, page),
      siteCountItem('pages', 1),
    ];
    const out = await writeItems(items);
    if (!out.canceled) return { page, created: true };
    const failed = failedChecks(out, items);
    if (failed.has('pageFree') || failed.has('idFree')) {
      const raced = await getPage(input.id, true);
      if (raced && raced.createdBy === userId && !raced.deletedAt) return { page: raced, created: false };
      throw idTaken();
    }
    if (failed.has('handleFree')) throw conflict('This handle is taken; choose another', 'handle');
    await assertAuthorWasLive(out, items, userId);
    if (failed.has(IMAGE_CLAIM)) throw badRequest('An image was already used; upload it again', input.avatar ? 'avatar' : 'cover');
    if (attempt >= PAGE_WRITE_ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
    await ensureMissingTags(failed, page.tags);
  }
}

/** The names of a page write's image claims and tag usage items: a failure means an image was used, or a tag does not exist yet. */
const IMAGE_CLAIM = 'image-unclaimed';
const TAGS_EXIST = 'tags-exist';

async function ensureMissingTags(failed: Set<string>, names: string[]): Promise<void> {
  if (failed.has(TAGS_EXIST)) await ensureTags(names);
}

export interface PageChange {
  handle?: string;
  name?: string;
  category?: 'group' | 'organisation';
  about?: string;
  avatar?: string | null;
  cover?: string | null;
  place?: PlaceInput | null;
  address?: string | null;
  openness?: 'open' | 'moderated' | 'invite';
  addressPublic?: boolean;
  postingRole?: 'admin' | 'moderator' | 'member';
  addTags?: string[];
  removeTags?: string[];
}


/**
 * What only some changes need, handed in by the routes that make them: the images (a bucket
 * grant) and the gazetteer (a 14 MB index), so settings and tags routes carry neither.
 */
export interface ChangeDeps {
  imageOps?: PageImageOps;
  places?: (input: PlaceInput) => Promise<StoredPlace>;
}

/**
 * Applies a change to a page as `actor` (an admin, checked again in the transaction). Re-reads
 * and retries when the page changed meanwhile (a join moved its counts). A change of images
 * or place needs its `deps`.
 */
export async function changePage(first: PageItem, actor: PageActor, change: PageChange, deps: ChangeDeps = {}): Promise<PageItem> {
  const { imageOps, places } = deps;
  if (change.place && !places) throw new Error('changePage: a change of place needs places');
  const place = change.place ? await places!(change.place) : null;
  const claims: TxItem[] = [];
  const images = (['avatar', 'cover'] as const).filter((f) => typeof change[f] === 'string' && change[f] !== first[f]);
  const touchesImages = (['avatar', 'cover'] as const).some((f) => change[f] !== undefined);
  if (touchesImages && !imageOps) throw new Error('changePage: a change of images needs imageOps');
  for (const field of images) claims.push(named(IMAGE_CLAIM, await imageOps!.claim(actor.userId, first.id, change[field]!, field)));
  let before = first;
  for (let attempt = 1; ; attempt++) {
    let after: PageItem = { ...before, updatedAt: new Date().toISOString() };
    if (change.name !== undefined) after = { ...after, name: change.name, nameKey: nameKeyOf(change.name) };
    if (change.handle !== undefined) after.handle = change.handle;
    if (change.category !== undefined) after.category = change.category;
    if (change.about !== undefined) after.about = change.about;
    for (const f of ['avatar', 'cover'] as const) {
      if (change[f] === null) delete after[f];
      else if (change[f] !== undefined) after[f] = change[f]!;
    }
    if (change.place === null) after = withoutPlace(after);
    else if (place) after = { ...withoutPlace(after), ...place, ...(before.address ? { address: before.address } : {}) };
    if (change.address === null || (change.address === '' && after.address)) delete after.address;
    else if (change.address !== undefined && after.geohash) after.address = change.address;
    if (change.openness !== undefined) after.openness = change.openness;
    if (change.addressPublic !== undefined) after.addressPublic = change.addressPublic;
    if (change.postingRole !== undefined) after.postingRole = change.postingRole;
    if (change.addTags || change.removeTags) {
      const drop = new Set(change.removeTags ?? []);
      const tags = [...new Set([...after.tags, ...(change.addTags ?? [])])].filter((t) => !drop.has(t));
      if (tags.length > MAX_TAGS_PER_PAGE) throw badRequest(`a page holds at most ${MAX_TAGS_PER_PAGE} tags`, 'tagIdArr');
      after.tags = tags;
    }
    const { handleClaim } = txEntities();
    const handleMoves = after.handle !== before.handle;
    const { links, uses } = tagWrites(before, after);
    const retired = (['avatar', 'cover'] as const).flatMap((f) => (before[f] && before[f] !== after[f] ? [before[f]!] : []));
    // The page's plant listings follow its place (it moved, or shows or hides its address).
    const relisting = pageRelistItems(before, after);
    const items: TxItem[] = [
      pagePut(before, after),
      ...(handleMoves
        ? [
            named('handle-free', handleClaim.create({ handle: after.handle, ownerType: 'page', ownerId: after.id }).commit()),
            handleClaim.delete({ handle: before.handle }).where((a, op) => op.eq(a.ownerId, before.id)).commit() as TxItem,
          ]
        : []),
      ...roleCheck(before.id, actor, 'admin'),
      ...uses,
      ...links,
      ...relisting.items,
      ...retired.map((key) => imageOps!.retire(actor.userId, key)),
      ...claims,
      ...pageSearchItems(before, after),
    ];
    const out = await writeItems(items);
    if (!out.canceled) {
      await Promise.all(retired.map((key) => imageOps!.remove(key)));
      await afterRelisting(after.id, relisting, 'page');
      return after;
    }
    const failed = failedChecks(out, items);
    if (handleMoves && failed.has('handle-free')) throw conflict('This handle is taken; choose another', 'handle');
    if (roleLost(out, items)) throw forbidden('Only the page\'s admins may change it');
    if (failed.has(IMAGE_CLAIM)) throw badRequest('An image was already used; upload it again', images[0]);
    if (attempt >= PAGE_WRITE_ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
    await ensureMissingTags(failed, after.tags);
    const fresh = await getPage(before.id, true);
    if (!fresh || fresh.deletedAt) throw forbidden('The page was deleted');
    before = fresh;
  }
}

/** Marks that the site's admins were told about the page; false when they already were. */
export async function markAdminsTold(pageId: string): Promise<boolean> {
  try {
    await db()
      .entities.page.patch({ id: pageId })
      .set({ adminsToldAt: new Date().toISOString() })
      // A whole-page put that read the page before this must retry, not drop the mark.
      .add({ version: 1 })
      .where((a, op) => `${op.notExists(a.adminsToldAt)} AND ${op.notExists(a.deletedAt)}`)
      .go();
    return true;
  } catch (err) {
    if ((err as { cause?: { name?: string } }).cause?.name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/**
 * Creating, editing and deleting posts and plant posts. Every write is one transaction holding
 * the post itself (a whole-item put guarded on `version`), the counters it changes
 * (counters.ts), the tags' usage counts and the tag link items, so lists, counts and tags never
 * disagree. Deleting marks the post in that transaction (it leaves every list at once) and then
 * sweeps its comments, reactions and photos, resumable by deleting again.
 */
import type { PlantDetails } from '../../shared/schemas/posts';
import type { Privacy } from '../../shared/content-rules';
import { isAvailable } from '../../shared/content-rules';
import { batchDelete, partitionItems, type TableKey } from '../db/batch';
import { commentClaimKey } from '../db/entities/comment';
import type { OwnerRef } from '../db/entities/owner';
import { postKey, postPk, type PostItem } from '../db/entities/post';
import { db } from '../db/service';
import { indexPostWords, postSearchItems } from '../db/items/search-index';
import { failedChecks, named, txEntities, writeItems, type TxItem, type TxOutcome } from '../db/transact';
import { sweepsDeferred } from '../lib/deferred';
import { badRequest, conflict, forbidden, notFound, serviceUnavailable } from '../lib/errors';
import { logger } from '../lib/logger';
import { claimUploads, deletePhotos, POST_PHOTOS, uploadUrlsMayBeLive, watchForReuploads } from '../images/pending';
import { copyToFreshKeys, discardCopies, narrows, removeOldKeys } from '../images/rekey';
import { ensureTags, tagUsageItems } from '../tags/tags';
import { hasPermission, loadPermissionSettings } from '../users/permission-rules';
import { accountGone, accountSuspended, assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { getUser } from '../users/users';
import { counterItems, sees, type Countable } from './counters';
import { getPostItem } from './post-item';
import { assertStaffWriteAllowed, isPageStaff, membershipOf, roleOf, staffWriteChecks } from '../pages/pages';
import { assertMayEditPagePost, pagePoster, posterCheck } from './page-poster';
import { listingPosition, ownerUnchanged, pageListingPosition } from '../listings/relist';
import { canSee, isOwner } from './visibility';
import { type Viewer } from '../lib/session/viewer';

const ATTEMPTS = 5;

export interface NewPost {
  id: string;
  kind: 'post' | 'plant';
  text: string;
  tags: string[];
  /** Each photo's key, description, and the original's pixels as the browser measured them. */
  photos: { key: string; description?: string; width?: number; height?: number }[];
  privacy: Privacy;
  plant?: PlantDetails;
  pageId?: string;
}

type StoredPhoto = PostItem['photos'][number];

/** A new post's photo as stored: its key, and its description and measured size when given. */
function storedPhoto(p: NewPost['photos'][number]): StoredPhoto {
  return {
    key: p.key,
    ...(p.description ? { description: p.description } : {}),
    ...(p.width !== undefined ? { width: p.width } : {}),
    ...(p.height !== undefined ? { height: p.height } : {}),
  };
}

/** A time strictly after `previous`, so a moved post always gets a new, later sort key. */
export function nextTime(previous?: string, now = Date.now()): string {
  const after = previous ? Date.parse(previous) + 1 : 0;
  return new Date(Math.max(now, after)).toISOString();
}

/** Deleted, or hidden by an admin: in no list, counted nowhere. */
export function isGone(p: Pick<PostItem, 'deletedAt' | 'hiddenAt'>): boolean {
  return !!p.deletedAt || !!p.hiddenAt;
}

function countable(p: PostItem): Countable | null {
  return isGone(p) ? null : p;
}

/** The tag link audiences a post is listed under (private posts are in no tag list). */
function linkAudiences(privacy: Privacy): ('public' | 'members')[] {
  return (['public', 'members'] as const).filter((a) => sees(a, privacy));
}

function linkPuts(p: PostItem): TxItem[] {
  if (isGone(p)) return [];
  const { tagLink } = txEntities();
  return p.tags.flatMap((tag) =>
    linkAudiences(p.privacy).map((audience) =>
      tagLink.put({ tag, audience, updatedAt: p.updatedAt, id: p.id, kind: p.kind, ownerId: p.ownerId, ownerType: p.ownerType }).commit(),
    ),
  );
}

function linkDeletes(p: PostItem): TxItem[] {
  if (isGone(p)) return [];
  const { tagLink } = txEntities();
  return p.tags.flatMap((tag) =>
    linkAudiences(p.privacy).map((audience) => tagLink.delete({ tag, audience, updatedAt: p.updatedAt, id: p.id }).commit() as TxItem),
  );
}

/** Tag link items to rewrite when the post's key, privacy or tags changed; none otherwise. */
function linkChanges(before: PostItem, after: PostItem): TxItem[] {
  const same =
    before.updatedAt === after.updatedAt && before.privacy === after.privacy && isGone(before) === isGone(after) &&
    before.tags.length === after.tags.length && before.tags.every((t, i) => t === after.tags[i]);
  return same ? [] : [...linkDeletes(before), ...linkPuts(after)];
}

/**
 * The tag usage changes from `before` to `after`: each tag added takes a use (named TAGS_EXIST:
 * it fails while the tag is missing or being removed), each tag dropped gives one back (named
 * TAGS_RELEASED: it fails when the tag is gone). `gone` are tags an admin deleted: a post lets go
 * of them with nothing to give back (a private post keeps a deleted tag's name, since the removal
 * finds posts through the tag's lists, which hold no private post).
 */
function tagChanges(before: PostItem | null, after: PostItem | null, gone: ReadonlySet<string> = NO_TAGS): TxItem[] {
  const was = new Set(before && !isGone(before) ? before.tags : []);
  const now = new Set(after && !isGone(after) ? after.tags : []);
  const added = [...now].filter((t) => !was.has(t));
  const removed = [...was].filter((t) => !now.has(t) && !gone.has(t));
  return [
    ...(added.length ? tagUsageItems(added, 1).map((item) => named(TAGS_EXIST, item)) : []),
    ...(removed.length ? tagUsageItems(removed, -1).map((item) => named(TAGS_RELEASED, item)) : []),
  ];
}

const NO_TAGS: ReadonlySet<string> = new Set();

/** The name of a write's tag releases: a failure means a tag it lets go of was deleted by an admin. */
const TAGS_RELEASED = 'tags-released';

/** Of `names`, the tags an admin deleted: gone, or their removal under way (one BatchGet). */
async function deletedTags(names: string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const { data } = await db().entities.tag.get(names.map((name) => ({ name }))).go();
  const live = new Set(data.filter((t) => !t.deletingAt).map((t) => t.name));
  return new Set(names.filter((n) => !live.has(n)));
}

/**
 * After a cancelled write: the tags it released that an admin has deleted since, added to `gone`
 * (the next attempt lets go of them without a release), and a 409 naming `tags` when a tag the
 * write adds is being removed.
 */
async function readTagFailures(failed: Set<string>, before: PostItem | null, after: PostItem | null, gone: Set<string>): Promise<void> {
  if (failed.has(TAGS_RELEASED) && before) for (const t of await deletedTags(before.tags)) gone.add(t);
  if (failed.has(TAGS_EXIST) && after) {
    const added = after.tags.filter((t) => !before?.tags.includes(t));
    const { data } = added.length ? await db().entities.tag.get(added.map((name) => ({ name }))).go() : { data: [] };
    const removing = data.find((t) => t.deletingAt);
    if (removing) throw conflict(`The tag "${removing.name}" is being removed by the site's admins; choose another`, 'tags');
  }
}

/** The answer to a creating call whose id already exists: the same post for its author's retry, else 409. */
function existingAnswer(existing: PostItem, authorId: string, kind: 'post' | 'plant'): PostItem {
  if (existing.authorId !== authorId || existing.kind !== kind || existing.deletedAt) {
    throw conflict('This id belongs to another post; generate a new one', 'id');
  }
  return existing;
}

/**
 * Creates a post or plant post; a retry with the same id answers the first (`created: false`).
 * `nowMs` (the demo seed's clock) dates it, and so places it in every list; the present by default.
 */
export async function createPost(authorId: string, input: NewPost, { nowMs }: { nowMs?: number } = {}): Promise<{ post: PostItem; created: boolean }> {
  let asPage = input.pageId ? await pagePoster(authorId, input.pageId, input.kind) : null;
  if (asPage && input.privacy === 'private') throw badRequest(`${input.kind === 'plant' ? 'A plant listed' : 'News posted'} as a page is public or for members`, 'privacy');
  // A page's listing is placed where the page is (and follows it), not where its author lives.
  const pagePlant = !!asPage && input.kind === 'plant';
  const photoField = input.kind === 'plant' ? 'plant_photos' : 'photos';
  const earlier = await getPostItem(input.id);
  if (earlier) return { post: existingAnswer(earlier, authorId, input.kind), created: false };

  let author = input.kind === 'plant' ? await getUser(authorId) : null;
  if (input.kind === 'plant' && !author) throw accountGone();
  // A listing's author check is on the place read (below): the account read stands in for it.
  if (author?.suspended) throw accountSuspended();
  if (author && !hasPermission(author, 'post-plants', await loadPermissionSettings())) {
    throw forbidden('Verify your phone number in settings before listing plants');
  }
  const now = nextTime(undefined, nowMs);
  let post: PostItem = {
    id: input.id,
    kind: input.kind,
    ownerType: asPage ? 'page' : 'user',
    ownerId: asPage ? asPage.page.id : authorId,
    authorId,
    privacy: input.privacy,
    text: input.text,
    tags: input.tags,
    photos: input.photos.map(storedPhoto),
    ...(input.plant ? { plant: input.plant } : {}),
    available: input.kind === 'plant' && isAvailable(input.plant?.availability),
    ...(pagePlant ? pageListingPosition(asPage!.page) : listingPosition(author)),
    reactionCount: 0,
    commentCount: 0,
    version: 0,
    createdAt: now,
    updatedAt: now,
  };
  const claimed = await claimUploads(POST_PHOTOS, authorId, post.photos.map((p) => p.key), photoField);
  const claims = claimed.items.map((item) => named('photo-unclaimed', item));
  // Whether each photo's small rendition arrived: cards show it, or the original when there is none.
  post = { ...post, photos: post.photos.map((p, i) => ({ ...p, small: claimed.small[i] === true })) };

  for (let attempt = 1; ; attempt++) {
    const tags = tagChanges(null, post);
    const before: TxItem[] = [named('post-id-free', txEntities().post.create(post).commit()), ...counterItems(null, post)];
    // The author's account must still exist (an old cookie outlives a deletion by up to 15
    // minutes). A listing's place is the author's as read: if they move meanwhile, read them again
    // and retry (a relisting that started before this write would not see this listing).
    const authorCheck = author && !pagePlant ? named('author-unchanged', ownerUnchanged(author)) : authorLiveCheck(authorId);
    // Posting as a page: the author still holds a role that may (a demotion meanwhile cancels it);
    // a page's listing also needs the page where it was read.
    const pageCheck = asPage ? posterCheck(asPage.page, authorId, pagePlant).map((item) => named('may-post-as-page', item)) : [];
    const items: TxItem[] = [...before, ...tags, ...linkPuts(post), ...pageCheck, authorCheck, ...claims, ...postSearchItems(null, post)];
    const out = await writeItems(items);
    if (!out.canceled) {
      if (!sweepsDeferred()) await indexWordsNow(post);
      return { post, created: true };
    }
    await assertAuthorWasLive(out, items, authorId);
    const failed = failedChecks(out, items);
    if (failed.has('post-id-free')) {
      const raced = await getPostItem(input.id);
      if (raced) return { post: existingAnswer(raced, authorId, input.kind), created: false };
    }
    const pageChanged = failed.has('may-post-as-page');
    if (pageChanged && !pagePlant) throw forbidden('The page, or your role in it, changed meanwhile: you cannot post as it now');
    if (failed.has('photo-unclaimed')) {
      throw badRequest('A photo was already used by another post; upload it again', photoField);
    }
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
    if (pageChanged) {
      // The page moved, or the author's role or the page changed: read both again (a role that may
      // no longer list, or a deleted page, is refused there) and place the listing anew.
      asPage = await pagePoster(authorId, input.pageId!, input.kind);
      post = withPosition(post, pageListingPosition(asPage.page));
    }
    if (author && !pagePlant && failed.has('author-unchanged')) {
      author = await getUser(authorId);
      if (!author) throw accountGone();
      if (author.suspended) throw accountSuspended();
      post = withPosition(post, listingPosition(author));
    }
    await readTagFailures(failed, null, post, new Set());
    await ensureMissingTags(failed, post.tags);
  }
}

/** The post with its listing place replaced (none when the position is empty). */
function withPosition(post: PostItem, position: ReturnType<typeof listingPosition>): PostItem {
  const next: PostItem = { ...post };
  delete next.latitude;
  delete next.longitude;
  delete next.geohash;
  return { ...next, ...position };
}

/**
 * Tags are made on first use, lazily: a write first assumes its tags exist (their usage `ADD`
 * is conditioned on it), and only when one was missing are the tags created before the retry.
 */
/** The name of a write's tag items: a failure means a tag it uses does not exist yet. */
const TAGS_EXIST = 'tags-exist';

async function ensureMissingTags(failed: Set<string>, names: string[]): Promise<void> {
  if (failed.has(TAGS_EXIST)) await ensureTags(names);
}

/** Loads a post for its owner's change: 404 when the actor may not even see it, 403 when it is not theirs. */
export async function ownPost(postId: string, claimedUserId: string, viewer: Viewer, kind?: 'post' | 'plant'): Promise<PostItem> {
  if (claimedUserId !== viewer.userId && !viewer.admin) throw forbidden('You can only change your own posts');
  return mustOwn(await getPostItem(postId), viewer, kind);
}

/** The post, if the viewer may change it: 404 when they may not even see it, 403 when it is not theirs. */
function mustOwn(post: PostItem | null, viewer: Viewer, kind?: 'post' | 'plant'): PostItem {
  if (!post || (kind && post.kind !== kind) || !canSee(post, viewer)) throw notFound(kind === 'plant' ? 'Plant not found' : 'Post not found');
  if (!isOwner(post, viewer) && !viewer.admin) throw forbidden('You can only change your own posts');
  return post;
}

/**
 * The post, if the viewer may delete it: its author or owner, a site admin, or, for a page's post,
 * the page's admins and moderators (they remove what is posted as their page). A page's news is
 * deleted by its author only while they still hold the page's posting role: one removed from the
 * page, or demoted below it, no longer speaks for it.
 */
async function mustOwnOrModerate(post: PostItem | null, viewer: Viewer): Promise<{ post: PostItem; staffChecks: TxItem[] }> {
  // What an admin hid is no reader's, but its owner may still delete it: a member their own post,
  // and the sweeps of a deleted account or page (which act as the owner). A page's news author is
  // not its owner: they go through the page's rules below, and see it no more.
  // The id alone never decides it: a member's id matches a member's post, a page's only its sweep's (site authority).
  const ownerActs = post?.ownerType === 'user' || viewer.admin;
  if (post && post.hiddenAt && !post.deletedAt && viewer.userId !== null && post.ownerId === viewer.userId && ownerActs) return { post, staffChecks: [] };
  // (The page's own sweep acts as the owner.)
  if (post && post.ownerType === 'page' && viewer.userId && post.ownerId !== viewer.userId && !viewer.admin && canSee(post, viewer)) {
    // As the page's staff: their account and role are conditions of the write.
    if (isPageStaff(roleOf(await membershipOf(post.ownerId, viewer.userId, true)))) return { post, staffChecks: staffWriteChecks(post.ownerId, viewer.userId) };
    if (isOwner(post, viewer)) await assertMayEditPagePost(post, viewer.userId);
  }
  return { post: mustOwn(post, viewer), staffChecks: [] };
}

export interface PostChange {
  privacy?: Privacy;
  text?: string;
  tags?: string[];
  plant?: PlantDetails;
  /** The photos as stored (a change keeps each kept photo's small rendition and size). */
  photos?: StoredPhoto[];
}

/**
 * Applies a change to the viewer's own post. A change of privacy, text or tags moves it to the
 * front of every list (a new updatedAt); counts, tag uses and tag links follow in the same
 * transaction. A write that raced another (a reaction bumped the version) re-reads and retries.
 */
export async function editPost(postId: string, claimedUserId: string, viewer: Viewer, change: (post: PostItem) => PostChange, kind?: 'post' | 'plant'): Promise<PostItem> {
  // A suspended member may still delete what they wrote, but not change or republish it.
  if (viewer.suspended) throw forbidden('Your account is suspended: posts cannot be changed');
  const gone = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const post = await ownPost(postId, claimedUserId, viewer, kind);
    if (!viewer.admin) await assertMayEditPagePost(post, viewer.userId);
    const wanted = change(post);
    // A page's news is for its readers: public or members, never hidden from its own staff.
    if (post.ownerType === 'page' && wanted.privacy === 'private') throw badRequest('News posted as a page is public or for members', 'privacy');
    const moves =
      (wanted.privacy !== undefined && wanted.privacy !== post.privacy) ||
      (wanted.text !== undefined && wanted.text !== post.text) ||
      (wanted.tags !== undefined && (wanted.tags.length !== post.tags.length || wanted.tags.some((t, i) => t !== post.tags[i])));
    const plant = wanted.plant ?? (post.plant as PlantDetails | undefined);
    const next: PostItem = {
      ...post,
      ...wanted,
      available: post.kind === 'plant' && isAvailable(plant?.availability),
      version: post.version + 1,
      updatedAt: moves ? nextTime(post.updatedAt) : post.updatedAt,
    };
    // A private post may still carry a tag an admin deleted (the removal finds posts through the
    // tag's lists, which hold no private post). Shown to more people, it lets go of such a tag
    // rather than list itself under a tag that no longer exists (one BatchGet, only then).
    if (post.privacy === 'private' && next.privacy !== 'private' && next.tags.length) {
      const dead = await deletedTags(next.tags);
      if (dead.size) {
        next.tags = next.tags.filter((t) => !dead.has(t));
        for (const t of dead) gone.add(t);
      }
    }
    // A narrower audience: the photos those who saw them before hold URLs of move to new keys.
    const keeps = new Set(next.photos.map((p) => p.key));
    const kept = post.photos.filter((p) => keeps.has(p.key));
    const rekeying =
      wanted.privacy !== undefined && narrows(post.privacy, wanted.privacy) && kept.length ? await copyToFreshKeys(post.authorId, kept, post.createdAt) : null;
    if (rekeying) next.photos = next.photos.map((p) => ({ ...p, key: rekeying.moves.get(p.key) ?? p.key }));
    const { id, ...rest } = next;
    const before: TxItem[] = [
      txEntities().post.put({ id, ...rest }).where((a, op) => op.eq(a.version, post.version)).commit(),
      ...counterItems(countable(post), countable(next)),
    ];
    const tags = tagChanges(post, next, gone);
    const items = [...before, ...tags, ...linkChanges(post, next), ...(rekeying?.items ?? []), authorLiveCheck(viewer.userId!), ...postSearchItems(post, next)];
    let out: TxOutcome;
    try {
      out = await writeItems(items);
    } catch (err) {
      if (rekeying) await discardCopies(rekeying);
      throw err;
    }
    if (!out.canceled) {
      if (rekeying) await removeOldKeys(rekeying);
      if (!sweepsDeferred()) await indexWordsNow(next);
      return next;
    }
    if (rekeying) await discardCopies(rekeying);
    await assertAuthorWasLive(out, items, viewer.userId!);
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The post is changing; please try again');
    // A version conflict re-reads on the next round; a missing tag is made first, a deleted one let go.
    const failed = failedChecks(out, items);
    await readTagFailures(failed, post, next, gone);
    await ensureMissingTags(failed, next.tags);
  }
}

/**
 * An admin hides a post acting on a report: the write a delete makes, without the sweep. The post
 * is marked `hiddenAt` (every index condition drops it) and taken off every counter, tag usage and
 * tag link in one transaction with `extra(hidden)` (the report's close, the author's notice). A post
 * already gone is left as it is (`extra(null)` is written alone).
 */
export async function hidePost(postId: string, adminId: string, extra: (hidden: PostItem | null) => TxItem[]): Promise<{ post: PostItem | null; out: TxOutcome; items: TxItem[] }> {
  const gone = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const post = await getPostItem(postId);
    let marked: PostItem | null = null;
    let own: TxItem[] = [];
    if (post && !isGone(post)) {
      marked = { ...post, hiddenAt: new Date().toISOString(), hiddenBy: adminId, version: post.version + 1 };
      const { id, ...rest } = marked;
      own = [
        named(POST_UNCHANGED, txEntities().post.put({ id, ...rest }).where((a, op) => op.eq(a.version, post.version)).commit()),
        ...counterItems(post, null),
        ...tagChanges(post, null, gone),
        ...linkDeletes(post),
      ];
    }
    const items = [...own, ...extra(marked)];
    const out = await writeItems(items);
    const failed = failedChecks(out, items);
    // A post that changed meanwhile (a reaction, an edit) is read again, a deleted tag let go; any
    // other refusal is the caller's to read.
    if (failed.has(TAGS_RELEASED) && post) {
      for (const t of await deletedTags(post.tags)) gone.add(t);
    } else if (!out.canceled || !failed.has(POST_UNCHANGED)) return { post: marked, out, items };
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The post is changing; please try again');
  }
}

const POST_UNCHANGED = 'post-unchanged';

/**
 * Locally (no stream) a post's words are indexed right after its write; a failure is logged and
 * the next write of the post sets them right. In the cloud the stream's dispatcher does it.
 */
async function indexWordsNow(post: PostItem): Promise<void> {
  try {
    await indexPostWords(post);
  } catch (err) {
    logger.error('indexing a post\'s words failed', { postId: post.id, err: String(err) });
  }
}

/** Removes what is left under a deleted post: comments with their claims and reactions, photos, then the post. */
export async function sweepPost(post: PostItem): Promise<void> {
  const items = await partitionItems(postPk(post.id));
  const keys: TableKey[] = items.filter((item) => item.sk !== postKey(post.id).sk).map((item) => ({ pk: item.pk, sk: item.sk }));
  const claims = db().entities.comment.parse({ Items: items }, { ignoreOwnership: false }).data.map((c) => commentClaimKey(c.id));
  await batchDelete([...claims, ...keys]);
  const photos = post.photos.map((p) => p.key);
  // Shortly after the post's creation its photos' upload URLs may still work: records for the
  // sweep first, so whatever is PUT through them after the delete is removed too.
  if (uploadUrlsMayBeLive(post.createdAt)) await watchForReuploads(post.authorId, photos);
  await deletePhotos(photos);
  await db().entities.post.delete({ id: post.id }).go();
}

/** Deletes the viewer's post: one transaction takes it out of every list and count, then the sweep. */
export async function deletePost(postId: string, claimedUserId: string, viewer: Viewer): Promise<void> {
  if (claimedUserId !== viewer.userId && !viewer.admin) throw forbidden('You can only delete your own posts');
  let resuming = false;
  let marked: PostItem;
  const gone = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const post = await getPostItem(postId);
    if (post?.deletedAt && (isOwner(post, viewer) || viewer.admin)) {
      resuming = true; // a sweep left unfinished: resume it
      marked = post;
      break;
    }
    const { post: live, staffChecks } = await mustOwnOrModerate(post, viewer);
    marked = { ...live, deletedAt: new Date().toISOString(), version: live.version + 1 };
    const { id, ...rest } = marked;
    const items: TxItem[] = [
      txEntities().post.put({ id, ...rest }).where((a, op) => op.eq(a.version, live.version)).commit(),
      // A hidden post counts for nothing already: nothing is taken off twice.
      ...counterItems(countable(live), null),
      ...tagChanges(live, null, gone),
      ...linkDeletes(live),
      ...staffChecks,
    ];
    const out = await writeItems(items);
    if (!out.canceled) break;
    if (staffChecks.length) await assertStaffWriteAllowed(out, items, viewer.userId!);
    await readTagFailures(failedChecks(out, items), live, null, gone);
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The post is changing; please try again');
  }
  if (!sweepsDeferred()) await indexWordsNow(marked);
  // In the cloud the table's stream hands the freshly marked post to the sweeper. Deleting an
  // already marked post writes nothing (no stream record), so that resume still sweeps here.
  if (sweepsDeferred() && !resuming) return;
  try {
    await sweepPost(marked);
  } catch (err) {
    // The post is already gone for every reader; deleting it again resumes the sweep.
    logger.error('post sweep failed', { postId, err: String(err) });
  }
}

/**
 * Deletes every post and plant of an owner being deleted: a member whose account is deleted, or a
 * page (their own view lists them all). Only what that kind of owner owns: the key names the kind.
 */
export async function deletePostsOf(ownerRef: OwnerRef): Promise<number> {
  const userId = ownerRef.id;
  // A member's sweep acts as its owner; a page's posts are no member's, so its sweep acts with the site's authority.
  const owner: Viewer = { userId, admin: ownerRef.type === 'page', member: true, suspended: false };
  let removed = 0;
  for (const kind of ['post', 'plant'] as const) {
    for (;;) {
      const { data } = await db().entities.post.query.ownerAll({ ownerType: ownerRef.type, ownerId: ownerRef.id, kind }).go({ limit: 25 });
      if (!data.length) break;
      for (const post of data) {
        await deletePost(post.id, userId, owner);
        removed++;
      }
    }
  }
  return removed;
}

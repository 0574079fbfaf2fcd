/**
 * Members' interests (I1-I3): a member follows tags, each as one kind of interest (grow, swap,
 * learn). A follow is one transaction of the new interest items (each created only where absent),
 * the member's interest counter (`ADD`, conditioned on staying within INTERESTS_MAX) and a check
 * per tag that it exists and is not being deleted, so a tag's removal job never misses a follow.
 * Calls are idempotent: interests already held (or already gone) are left as they are.
 */
import type { InterestView, InterestsChange, UserInterests } from '../../shared/answers/tags';
import { FOR_YOU_TAGS, INTERESTS_MAX, type InterestType } from '../../shared/schemas/tags';
import { interestCountKey, interestsOfPk, type InterestItem } from '../db/entities/interest';
import { tagKey, type TagItem } from '../db/entities/tag';
import { batchGet } from '../db/batch';
import { absent, and, exists, le, live, ne, or } from '../db/condition';
import { userKey } from '../db/entities/user';
import { db } from '../db/service';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { conditionCheck, updateItem } from '../db/write';
import { conflict, HttpError, notFound, serviceUnavailable, unauthorized } from '../lib/errors';
import { toTag } from './tags';

const ATTEMPTS = 4;

/** The member still has an account and is not suspended (an access token outlives both by up to 15 minutes). */
const memberLive = (userId: string): TxItem => named('member-live', conditionCheck(userKey(userId), and(live(), or(absent('suspended'), ne('suspended', true)))));
const accountGone = () => unauthorized('Your account no longer exists');

async function assertMemberWasLive(failed: Set<string>, userId: string): Promise<void> {
  if (!failed.has('member-live')) return;
  const { data: user } = await db().entities.user.get({ uuid: userId }).go({ consistent: true });
  if (user && !user.deletedAt && user.suspended) throw new HttpError(403, 'suspended', 'Your account is suspended');
  throw accountGone();
}

async function heldOf(userId: string, tags: string[], interestType: InterestType): Promise<Set<string>> {
  const keys = tags.map((tag) => ({ pk: `user#${userId}`, sk: `interest#${interestType}#${tag}` }));
  const items = await batchGet(keys, { consistent: true });
  return new Set(items.map((i) => String(i.tag)));
}

async function countOf(userId: string): Promise<number> {
  const items = await batchGet([interestCountKey(userId)], { consistent: true });
  return Number(items[0]?.n ?? 0);
}

/** Follows the tags (those not followed yet as this kind). */
export async function addInterests(userId: string, tags: string[], interestType: InterestType): Promise<InterestsChange> {
  const names = [...new Set(tags)];
  for (let attempt = 1; ; attempt++) {
    const held = await heldOf(userId, names, interestType);
    const fresh = names.filter((t) => !held.has(t));
    if (!fresh.length) return { changed: [], count: await countOf(userId) };
    const now = new Date().toISOString();
    const { interest } = txEntities();
    const items: TxItem[] = [
      ...fresh.map((tag) => named(`held:${tag}`, interest.create({ userId, tag, interestType, followedAt: now }).commit())),
      ...fresh.map((tag) => named(`tag:${tag}`, conditionCheck(tagKey(tag), and(exists(), absent('deletingAt'))))),
      // An old cookie of a deleted account (or a member suspended since) writes nothing.
      memberLive(userId),
      named('max', updateItem({ key: interestCountKey(userId), add: { n: fresh.length }, condition: or(absent('n'), le('n', INTERESTS_MAX - fresh.length)) })),
    ];
    const out = await writeItems(items);
    if (!out.canceled) return { changed: fresh, count: (await countOf(userId)) };
    const failed = failedChecks(out, items);
    await assertMemberWasLive(failed, userId);
    const gone = fresh.find((t) => failed.has(`tag:${t}`));
    if (gone) {
      const { data } = await db().entities.tag.get({ name: gone }).go({ consistent: true });
      if (!data) throw notFound(`No such tag: ${gone}`, 'tagIdArr');
      if ((data as TagItem).deletingAt) throw conflict(`The tag ${gone} is being deleted`, 'tagIdArr');
    }
    if (failed.has('max')) throw conflict(`You may follow at most ${INTERESTS_MAX} interests; remove some first`, 'tagIdArr');
    if (attempt >= ATTEMPTS) throw serviceUnavailable('Your interests changed meanwhile; please try again');
  }
}

/** Stops following the tags (those followed as this kind). */
export async function removeInterests(userId: string, tags: string[], interestType: InterestType): Promise<InterestsChange> {
  const names = [...new Set(tags)];
  for (let attempt = 1; ; attempt++) {
    const held = await heldOf(userId, names, interestType);
    const gone = names.filter((t) => held.has(t));
    if (!gone.length) {
      // Nothing to remove: still, a deleted account's old cookie is told so.
      const { data: user } = await db().entities.user.get({ uuid: userId }).go();
      if (!user || user.deletedAt) throw accountGone();
      return { changed: [], count: await countOf(userId) };
    }
    const { interest } = txEntities();
    const items: TxItem[] = [
      ...gone.map((tag) => interest.delete({ userId, tag, interestType }).where((a, op) => op.exists(a.followedAt)).commit() as TxItem),
      updateItem({ key: interestCountKey(userId), add: { n: -gone.length } }),
    ];
    const out = await writeItems(items);
    if (!out.canceled) return { changed: gone, count: await countOf(userId) };
    if (attempt >= ATTEMPTS) throw serviceUnavailable('Your interests changed meanwhile; please try again');
  }
}

/** The member's interests, most recently followed first (at most `limit`), with their tags. */
export async function interestsOf(userId: string, limit = INTERESTS_MAX): Promise<UserInterests> {
  const { data } = await db().entities.interest.query.recent({ userId }).go({ order: 'desc', limit });
  const items = data as InterestItem[];
  const tagItems = await batchGet([...new Set(items.map((i) => i.tag))].map(tagKey));
  const tags = new Map(db().entities.tag.parse({ Items: tagItems }).data.map((t) => [t.name, toTag(t as TagItem)]));
  const interests: InterestView[] = items
    .filter((i) => tags.has(i.tag) && !tags.get(i.tag)!.deleting)
    .map((i) => ({ tag: tags.get(i.tag)!, interestType: i.interestType, followedAt: i.followedAt }));
  return { interests, max: INTERESTS_MAX };
}

/** The tags of the member's most recent interests (distinct, at most FOR_YOU_TAGS): one Query of I3. */
export async function recentInterestTags(userId: string): Promise<string[]> {
  const { data } = await db().entities.interest.query.recent({ userId }).go({ order: 'desc', limit: FOR_YOU_TAGS * 3 });
  return [...new Set((data as InterestItem[]).map((i) => i.tag))].slice(0, FOR_YOU_TAGS);
}

export { interestsOfPk };

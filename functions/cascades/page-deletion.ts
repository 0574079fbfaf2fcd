/**
 * Deleting a page, and what goes with it. Its stored images go first (the product spec, "States
 * and transitions": a page's image goes before its record; a failure stops there, nothing else
 * changed, and deleting again continues), then one transaction marks the page deleted (its
 * handle freed, its tag links and tag uses gone), then the sweep removes its posts, events and
 * memberships: at once locally, from the table's stream in the cloud
 * (functions/system/sweep-deleted.ts). Above the page, post and event domains, since it reaches
 * all three.
 */
import { siteCountItem } from '../db/items/feed-counter';
import { batchDelete, partitionItems } from '../db/batch';
import { pagePk, type PageItem } from '../db/entities/page';
import { txEntities, writeItems, type TxItem } from '../db/transact';
import { deleteEventsOf } from '../events/removal';
import { deleteImagesUnder } from '../images/avatars';
import { sweepsDeferred } from '../lib/deferred';
import { forbidden, serviceUnavailable } from '../lib/errors';
import { logger } from '../lib/logger';
import { pageImagesPrefix } from '../pages/page-images';
import { getPage, roleCheck, roleLost, type PageActor } from '../pages/pages';
import { linkDeletes, PAGE_WRITE_ATTEMPTS, pagePut } from '../pages/write';
import { deletePostsOf } from '../posts/write';
import { tagUsageItems } from '../tags/tags';

/** Deletes a page as `actor` (an admin, checked again in the transaction), then sweeps it unless the stream does. */
export async function deletePage(page: PageItem, actor: PageActor): Promise<void> {
  await deleteImagesUnder(pageImagesPrefix(page.id));
  let before = page;
  for (let attempt = 1; ; attempt++) {
    const now = new Date().toISOString();
    const after: PageItem = { ...before, deletedAt: now, updatedAt: now };
    delete after.avatar;
    delete after.cover;
    const { handleClaim } = txEntities();
    const items: TxItem[] = [
      pagePut(before, after),
      handleClaim.delete({ handle: before.handle }).where((a, op) => op.eq(a.ownerId, before.id)).commit() as TxItem,
      ...roleCheck(before.id, actor, 'admin'),
      ...(before.tags.length ? tagUsageItems(before.tags, -1) : []),
      ...linkDeletes(before),
      // A hidden page left the count when it was hidden.
      ...(before.deletedAt || before.hiddenAt ? [] : [siteCountItem('pages', -1)]),
    ];
    const out = await writeItems(items);
    if (!out.canceled) break;
    if (roleLost(out, items)) throw forbidden('Only the page\'s admins may delete it');
    if (attempt >= PAGE_WRITE_ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
    const fresh = await getPage(before.id, true);
    if (!fresh || fresh.deletedAt) return;
    before = fresh;
  }
  if (!sweepsDeferred()) await sweepPage(page.id);
}

/**
 * Removes what is left of a deleted page: its posts (as deleting each would), then its
 * memberships. The page item stays, marked deleted, as a tombstone: its id is never reused (old
 * links and notifications keep naming a deleted page), and a page that is not marked is never
 * swept. Idempotent.
 */
export async function sweepPage(pageId: string): Promise<void> {
  const page = await getPage(pageId, true);
  if (!page?.deletedAt) {
    logger.warn('a page to sweep is not marked deleted; nothing swept', { pageId });
    return;
  }
  const posts = await deletePostsOf({ type: 'page', id: pageId });
  const events = await deleteEventsOf({ type: 'page', id: pageId });
  const members = await partitionItems(pagePk(pageId), 'member#');
  await batchDelete(members.map(({ pk, sk }) => ({ pk, sk })));
  logger.info('swept a deleted page', { pageId, posts, events, members: members.length });
}

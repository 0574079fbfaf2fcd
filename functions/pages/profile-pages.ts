/**
 * The pages named on a member's profile: those they belong to (a join request or an invitation is
 * no membership), newest membership first, deleted pages left out. One Query of the member's
 * memberships and one BatchGet of those pages.
 */
import type { ProfilePage } from '../../shared/answers/users';
import { batchGet } from '../db/batch';
import { pageKey, type PageItem } from '../db/entities/page';
import { db } from '../db/service';

/** At most this many pages are named (the answer's description says so). */
export const PROFILE_PAGES_MAX = 20;

export async function profilePages(userId: string, max = PROFILE_PAGES_MAX): Promise<ProfilePage[]> {
  const { data } = await db().entities.pageMember.query.byUser({ userId, status: 'member' }).go({ limit: max, order: 'desc' });
  const ids = data.filter((m) => m.status === 'member').map((m) => m.pageId);
  if (!ids.length) return [];
  const pages = new Map<string, PageItem>();
  for (const item of await batchGet(ids.map(pageKey))) {
    const page = db().entities.page.parse({ Item: item }).data as PageItem | null;
    if (page && !page.deletedAt && !page.hiddenAt) pages.set(page.id, page);
  }
  return ids.flatMap((id) => {
    const page = pages.get(id);
    return page ? [{ id: page.id, handle: page.handle, name: page.name }] : [];
  });
}

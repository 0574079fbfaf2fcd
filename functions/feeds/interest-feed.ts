/**
 * "For you" (a member's home tab): the posts and plants of the tags of their most recent interests
 * (P4, the tag lists of their audience) and the news of the pages they belong to (P3, each page's
 * posts), merged newest first. The fan-out is bounded: the tags of the 10 most recently followed
 * interests (I3, one Query) and the 10 most recently joined pages (G4, one Query), both read in
 * parallel, then every list in parallel under the page's bound.
 *
 * Every list sorts by `<updatedAt>#<id>`, so the merged list takes the same bound cursor as the
 * other lists (functions/feeds/list-page.ts). A post in several of them (two followed tags, or
 * a page's news with a followed tag) is one item: same key, kept once; so each page holds the
 * newest items before the bound, each once, and the next page starts after the last one shown.
 */
import type { ListPosition, PostItem } from '../db/entities/post';
import { listSortKey } from '../db/entities/post';
import { PAGE_SIZE } from '../../shared/constants';
import { db } from '../db/service';
import type { Viewer } from '../lib/session/viewer';
import { audienceOf } from '../posts/visibility';
import type { PostCards } from '../posts/post-views';
import { recentInterestTags } from '../tags/interests';
import { ZERO } from '../posts/counters';
import { listPage, type ListPage } from './list-page';
import { ownerSource, tagSource, type Source, type SourcePage } from './sources';

/** At most this many of the member's pages are read. */
export const FOR_YOU_PAGES = 10;

/** The sources as one, each post once (the same post has the same key in every list). */
export function distinctMerge(sources: Source[]): Source {
  return async (bound: ListPosition | null, limit: number): Promise<SourcePage> => {
    const pages = await Promise.all(sources.map((s) => s(bound, limit)));
    const byId = new Map<string, PostItem>();
    const cards: PostCards = new Map();
    for (const p of pages) {
      for (const item of p.items) byId.set(item.id, item);
      for (const [k, v] of p.cards ?? []) cards.set(k, v);
    }
    const items = [...byId.values()].sort((a, b) => (listSortKey(a) < listSortKey(b) ? 1 : listSortKey(a) > listSortKey(b) ? -1 : 0));
    return { items, cards };
  };
}

/** The ids of the member's most recently joined pages (at most FOR_YOU_PAGES): one Query. */
async function recentPages(userId: string): Promise<string[]> {
  const { data } = await db().entities.pageMember.query.byUser({ userId }).begins({ status: 'member' }).go({ order: 'desc', limit: FOR_YOU_PAGES });
  return data.map((m) => m.pageId);
}

/** A page of the member's "For you" (`take` items; the route's page size by default). */
export async function forYou(viewer: Viewer & { userId: string }, cursor: string | undefined, take = PAGE_SIZE): Promise<ListPage & { tags: string[]; pages: number }> {
  const [tags, pages] = await Promise.all([recentInterestTags(viewer.userId), recentPages(viewer.userId)]);
  const audience = audienceOf(viewer);
  const sources = [
    ...tags.map((tag) => tagSource(tag, audience, viewer)),
    ...pages.map((id) => ownerSource({ type: 'page', id }, 'post', audience)),
  ];
  const page = await listPage(sources.length ? [distinctMerge(sources)] : [], Promise.resolve(ZERO), viewer, cursor, 'cursorId', take);
  return { ...page, tags, pages: pages.length };
}

/** The home feed: posts and plants of everyone, newest first (guests and members alike). */
import { api } from '@/lib/api';
import { feedPage, type FeedSource } from '@/lib/feed/feed';
import { contentKeys } from '@/lib/feed/keys';

export function contentFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'recent'),
    load: (filter, cursor, signal) =>
      cursor
        ? feedPage(api.call('GET /api/content-items/more/{arg}', { arg: cursor, filter }, { signal }))
        : feedPage(api.call('GET /api/content-items/recent', { filter }, { signal })),
  };
}

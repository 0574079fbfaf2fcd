/** Recent plants of everyone: all of them, or the available ones. */
import { api } from '@/lib/api';
import { feedPage, plantFilter, type FeedSource } from '@/lib/feed/feed';
import { contentKeys } from '@/lib/feed/keys';

export function recentPlantsFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'recent-plants'),
    load: (filter, cursor, signal) => {
      const arg = plantFilter(filter);
      return cursor
        ? feedPage(api.call('GET /api/plants/recent/more/{arg}', { arg, cursorId: cursor }, { signal }))
        : feedPage(api.call('GET /api/plants/recent/{arg}', { arg }, { signal }));
    },
  };
}

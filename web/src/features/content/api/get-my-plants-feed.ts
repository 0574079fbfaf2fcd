/** The signed-in user's own plants, all or available, private ones included. */
import { PAGE_SIZE } from '@shared/constants';
import { api } from '@/lib/api';
import { feedPage, plantFilter, type FeedSource } from '@/lib/feed/feed';
import { contentKeys } from '@/lib/feed/keys';

/** This route is told how many items a page holds (take): PAGE_SIZE, as the other lists hold. */
export function myPlantsFeed(viewer: string, userId: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'mine', 'plants'),
    load: (filter, cursor, signal) => {
      const f = plantFilter(filter);
      return cursor
        ? feedPage(api.call('GET /api/iam/moreplantsbyuser/{userId}/{filter}/{take}/{cursor}', { userId, filter: f, take: PAGE_SIZE, cursor }, { signal }))
        : feedPage(api.call('GET /api/iam/plantsbyuser/{userId}/{filter}/{take}', { userId, filter: f, take: PAGE_SIZE }, { signal }));
    },
  };
}

/** A user's posts (postsAll) and plants (plantsAll, plantsAvail) by handle, with their card. */
import { api } from '@/lib/api';
import { feedPage, type FeedSource } from '@/lib/feed/feed';
import { contentKeys } from '@/lib/feed/keys';

export function handleFeed(viewer: string, handle: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'handle', handle.toLowerCase()),
    load: (filter, cursor, signal) => {
      if (filter === 'plantsAll' || filter === 'plantsAvail') {
        return cursor
          ? feedPage(api.call('GET /api/plants/by-user/more/{user}', { user: handle, filter, cursorId: cursor }, { signal }))
          : feedPage(api.call('GET /api/plants/by-user/{user}', { user: handle, filter }, { signal }));
      }
      return cursor
        ? feedPage(api.call('GET /api/posts/more/by-user/{arg}', { arg: handle, cursorId: cursor }, { signal }))
        : feedPage(api.call('GET /api/posts/{username}', { username: handle }, { signal }));
    },
  };
}

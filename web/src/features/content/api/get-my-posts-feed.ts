/** The signed-in user's own posts, private ones included. */
import { api } from '@/lib/api';
import { feedPage, type FeedSource } from '@/lib/feed/feed';
import { contentKeys } from '@/lib/feed/keys';

/** The first-page marker of the "my posts" route. */
const FIRST = 'first';

export function myPostsFeed(viewer: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'mine', 'posts'),
    load: (_filter, cursor, signal) => feedPage(api.call('GET /api/iam/posts/bymyuser/{cursor}', { cursor: cursor ?? FIRST }, { signal })),
  };
}

/** Posts and plants with a tag (one list: the route takes no filter). */
import { api } from '@/lib/api';
import { feedPage, type FeedSource } from '@/lib/feed/feed';
import { contentKeys } from '@/lib/feed/keys';

export function tagFeed(viewer: string, tag: string): FeedSource {
  return {
    key: contentKeys.feed(viewer, 'tag', tag),
    load: (_filter, cursor, signal) => feedPage(api.call('GET /api/posts/tag/{tag}', { tag, cursorId: cursor ?? undefined }, { signal })),
  };
}

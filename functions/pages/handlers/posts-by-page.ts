/** GET /api/posts/more/by-page/{arg}?cursorId: a page's news, newest first, as the viewer may see it. */
import type { postsByPage as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { pagePostsPage } from '../../feeds/page-posts';

export const main: Main<typeof route> = async ({ input, session }) => {
  const page = await pagePostsPage(session, input.arg, 'post', input.cursorId, { page: 'arg', cursor: 'cursorId' });
  return { posts: page.items, cursorId: page.cursorId };
};

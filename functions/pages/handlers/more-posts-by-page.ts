/** GET /api/iam/pages/morepostsbypage/{a}/{b}/{c}: a page's posts (a) of one kind (b) from a cursor (c, or first). */
import type { morePostsByPage as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { pagePostsPage } from '../../feeds/page-posts';

export const main: Main<typeof route> = async ({ input, session }) => {
  const page = await pagePostsPage(session, input.a, input.b, input.c, { page: 'a', cursor: 'c' });
  return { posts: page.items, cursorId: page.cursorId };
};

/** GET /api/users: the public directory — registered members who list themselves, newest first, one Query per page. */
import type { directory as route } from '../../shared/contract/users';
import type { PublicUser } from '../../shared/answers/users';
import { db } from '../db/service';
import { onePage, PAGE_SIZE } from '../lib/paging';
import type { Main } from '../lib/route-types';
import { toPublicUser } from './users';

export const main: Main<typeof route> = async ({ input }) => {
  const page = await onePage(input.cursorId, { field: 'pubpk', value: 'users#directory' }, (cursor) =>
    db().entities.user.query.directory({}).go({ cursor, limit: PAGE_SIZE, order: 'desc' }),
  );
  const users = page.items.map(toPublicUser).filter((u): u is PublicUser => u !== null);
  return { users, cursorId: page.cursorId };
};

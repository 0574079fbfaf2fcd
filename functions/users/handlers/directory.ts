/** GET /api/users: the public directory — registered members who list themselves, newest first, one Query per page. */
import type { directory as route } from '../../../shared/contract/users';
import type { PublicUser } from '../../../shared/answers/users';
import { directoryPartition } from '../../db/entities/user';
import { db } from '../../db/service';
import { PAGE_SIZE } from '../../../shared/constants';
import { onePage } from '../../lib/paging';
import type { Main } from '../../lib/route-types';
import { toPublicUser } from '../users';

export const main: Main<typeof route> = async ({ input }) => {
  const page = await onePage(input.cursorId, directoryPartition(), (cursor) =>
    db().entities.user.query.directory({}).go({ cursor, limit: PAGE_SIZE, order: 'desc' }),
  );
  const users = page.items.map(toPublicUser).filter((u): u is PublicUser => u !== null);
  return { users, cursorId: page.cursorId };
};

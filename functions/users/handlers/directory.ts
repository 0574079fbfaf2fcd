/**
 * GET /api/users: the public directory — registered members who list themselves, newest first,
 * one Query per page. With words (`q`), members by name or username as search finds them:
 * search's index read by word (functions/search/browse-words.ts) with the block items either way
 * in the BatchGet of the members; listed, live, not suspended, neither side blocking.
 */
import type { directory as route } from '../../../shared/contract/users';
import type { PublicUser } from '../../../shared/answers/users';
import { batchGet } from '../../db/batch';
import { blockKey } from '../../db/entities/conversation';
import { directoryPartition, userKey, type UserItem } from '../../db/entities/user';
import { userTokens } from '../../db/items/search-index';
import { db } from '../../db/service';
import { PAGE_SIZE } from '../../../shared/constants';
import { onePage } from '../../lib/paging';
import type { Main } from '../../lib/route-types';
import { browseTerm, everyWordStarts, wordsPage } from '../../search/browse-words';
import { toPublicUser } from '../users';

export const main: Main<typeof route> = async ({ input, session }) => {
  const term = browseTerm(input.q);
  if (term) {
    const me = session?.userId ?? null;
    const found = await wordsPage<UserItem>(
      {
        kind: 'user',
        cursorId: input.cursorId,
        size: PAGE_SIZE,
        read: (ids) => membersWithoutBlocks(ids, me),
        tokensOf: userTokens,
        keep: (u) =>
          u.regState === 'complete' && !!u.username && !u.deletedAt && !u.suspended && (u.uuid === me || u.directoryVisible !== false) &&
          everyWordStarts(term, [[u.firstName, u.lastName].filter(Boolean).join(' '), u.username]),
      },
      term,
    );
    return { users: found.items.map(toPublicUser).filter((u): u is PublicUser => u !== null), cursorId: found.cursorId };
  }
  const page = await onePage(input.cursorId, directoryPartition(), (cursor) =>
    db().entities.user.query.directory({}).go({ cursor, limit: PAGE_SIZE, order: 'desc' }),
  );
  const users = page.items.map(toPublicUser).filter((u): u is PublicUser => u !== null);
  return { users, cursorId: page.cursorId };
};

/** The members of these ids as read now, by id, less those the viewer blocks or who block them (one BatchGet); moderation's `hiddenAt` hides one too. */
async function membersWithoutBlocks(ids: string[], me: string | null): Promise<Map<string, UserItem>> {
  const others = ids.filter((id) => id !== me);
  const items = await batchGet([...ids.map(userKey), ...(me ? others.flatMap((id) => [blockKey(me, id), blockKey(id, me)]) : [])]);
  const blocked = new Set<string>();
  for (const item of items) {
    const sk = String(item.sk);
    if (!sk.startsWith('block#')) continue;
    const blocker = String(item.pk).slice('user#'.length);
    blocked.add(blocker === me ? sk.slice('block#'.length) : blocker);
  }
  const out = new Map<string, UserItem>();
  for (const item of items) {
    if (item.__edb_e__ !== 'user' || item.hiddenAt) continue;
    const u = db().entities.user.parse({ Item: item }).data as UserItem | null;
    if (u && !blocked.has(u.uuid)) out.set(u.uuid, u);
  }
  return out;
}

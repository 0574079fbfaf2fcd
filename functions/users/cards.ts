/**
 * Users as small cards (who reacted, who wrote a comment, who caused a notification), read in one
 * BatchGet together with any other keys the caller needs in the same round trip.
 */
import type { Responder } from '../../shared/answers/comments';
import { batchGet, type TableKey } from '../db/batch';
import { userKey, type UserItem } from '../db/entities/user';
import { db } from '../db/service';

/** A user as a small card, named as posts name their owner (functions/posts/post-views.ts `ownerCard`). */
export function responderOf(user: UserItem | undefined, id: string): Responder {
  return user && !user.deletedAt && user.username
    ? { uuid: id, username: user.username, name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username, avatar: user.avatar ?? null }
    : { uuid: id, username: 'former-member', name: 'Former member', avatar: null };
}

/**
 * Users by id, with any extra keys fetched in the same BatchGet: those come back as `raw` (the
 * `pk|sk` of each one found) and `others` (the items themselves).
 */
export async function usersAnd(userIds: Iterable<string>, extra: TableKey[] = []): Promise<{ users: Map<string, UserItem>; raw: Set<string>; others: Record<string, unknown>[] }> {
  const items = await batchGet([...[...new Set(userIds)].map(userKey), ...extra]);
  const users = new Map<string, UserItem>();
  const raw = new Set<string>();
  const others: Record<string, unknown>[] = [];
  for (const item of items) {
    if (item.__edb_e__ === 'user') {
      const { data } = db().entities.user.parse({ Item: item });
      if (data) users.set(data.uuid, data as UserItem);
    } else {
      raw.add(`${String(item.pk)}|${String(item.sk)}`);
      others.push(item);
    }
  }
  return { users, raw, others };
}


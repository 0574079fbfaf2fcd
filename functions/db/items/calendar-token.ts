/**
 * The private calendar feed's token (E8): two raw items, in no index.
 * - the lookup, by the token's SHA-256 (a leaked backup gives no working address):
 *   `{ pk: 'icstoken#<hash>', sk: 'icstoken', userId }`;
 * - the member's own, with the token itself (settings show the address):
 *   `{ pk: 'user#<id>', sk: 'icsfeed', token }`.
 */
import { createHash } from 'node:crypto';
import { getItem } from '../batch';
import { absent, eq } from '../condition';
import { userPk } from '../entities/user';
import type { TxItem } from '../transact';
import { deleteItem, putItem, type ItemKey } from '../write';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
export const tokenLookupKey = (token: string): ItemKey => ({ pk: `icstoken#${hashOf(token)}`, sk: 'icstoken' });
export const memberFeedKey = (userId: string): ItemKey => ({ pk: userPk(userId), sk: 'icsfeed' });

export interface TokenLookupItem extends ItemKey {
  userId: string;
}
export interface MemberFeedItem extends ItemKey {
  token: string;
}

/** The member's current token (consistent), or null before they made one. */
export async function memberFeedToken(userId: string): Promise<string | null> {
  const item = await getItem(memberFeedKey(userId), { consistent: true });
  return typeof item?.token === 'string' ? item.token : null;
}

/** The member a token opens, or null (unknown or rotated). */
export async function tokenOwner(token: string): Promise<string | null> {
  const item = await getItem(tokenLookupKey(token));
  return typeof item?.userId === 'string' ? item.userId : null;
}

/** The items of a rotation from `before` (null: the first token) to `token`: the old lookup goes, the member's item is guarded on the token it replaces. */
export function tokenRotation(userId: string, token: string, before: string | null): { add: TxItem[]; remove: TxItem[] } {
  const lookup: TokenLookupItem = { ...tokenLookupKey(token), userId };
  const own: MemberFeedItem = { ...memberFeedKey(userId), token };
  return {
    add: [putItem(lookup), putItem(own, before ? eq('token', before) : absent())],
    remove: before ? [deleteItem(tokenLookupKey(before))] : [],
  };
}

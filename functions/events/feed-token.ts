/**
 * The private calendar feed's token (E8). The feed's address carries a secret token (32 random
 * bytes). The table keeps the token's SHA-256 as the lookup key (`icstoken#<hash>` → user), so a
 * leaked table backup gives no working addresses, and the member's own item (`user#<id>` /
 * `icsfeed`) keeps the token itself so settings can show the address. Rotating replaces both in
 * one transaction (with the proof that the account still exists): the old address stops working
 * at once.
 */
import { randomBytes } from 'node:crypto';
import { memberFeedToken, tokenOwner, tokenRotation } from '../db/items/calendar-token';
import { writeItems, type TxItem } from '../db/transact';
import { serviceUnavailable } from '../lib/errors';
import { siteOrigin } from '../lib/site-origin';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';

export const feedUrl = (token: string): string => `${siteOrigin()}/api/ics/${token}`;

/** The member's current feed token, or null before they made one. */
export async function feedTokenOf(userId: string): Promise<string | null> {
  return memberFeedToken(userId);
}

/** A new token for the member's feed; the previous one stops working in the same write. */
export async function rotateFeedToken(userId: string): Promise<string> {
  const before = await feedTokenOf(userId);
  const token = randomBytes(32).toString('base64url');
  const rotation = tokenRotation(userId, token, before);
  const items: TxItem[] = [
    ...rotation.add,
    // A deleted account's old cookie writes nothing after its sweep.
    authorLiveCheck(userId),
    ...rotation.remove,
  ];
  const out = await writeItems(items);
  await assertAuthorWasLive(out, items, userId);
  if (out.canceled) throw serviceUnavailable('The feed address changed meanwhile; try again');
  return token;
}

/** The member whose feed a token opens, or null (unknown or rotated). */
export async function userOfToken(token: string): Promise<string | null> {
  return tokenOwner(token);
}

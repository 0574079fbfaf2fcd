/**
 * Feed counters (C1): raw items, not an ElectroDB entity. They are changed only by `ADD` in the
 * transactions of post writes (functions/posts/counters.ts) and read by one GetItem, or one Query
 * over the shards of the global scope:
 *
 *   counter#<scope>   <audience>             an owner's or a tag's counts as an audience sees them
 *   counter#global    <audience>#<shard>     the whole site's, spread over shards (every post write touches it)
 *
 * Scopes: `global`, an owner (`user#<id>`, `page#<id>`), a tag (`tag#<name>`).
 * Each item holds the counts `postsAll`, `plantsAll`, `plantsAvail` and `news`.
 */
import { addItem } from '../add';
import { getItem, queryPage } from '../batch';
import type { TxItem } from '../transact';

export const GLOBAL_SCOPE = 'global';

export const ownerScope = (ownerType: 'user' | 'page', ownerId: string): string => `${ownerType}#${ownerId}`;
export const tagScope = (name: string): string => `tag#${name}`;

export const counterPk = (scope: string): string => `counter#${scope}`;

/** A counter item's key; `shard` for the global scope's items. */
export const counterKey = (scope: string, audience: string, shard?: number): { pk: string; sk: string } => ({
  pk: counterPk(scope),
  sk: shard === undefined ? audience : `${audience}#${shard}`,
});

/** The sort key prefix of an audience's global shards. */
export const shardsOf = (audience: string): string => `${audience}#`;

export type FeedCounterField = 'postsAll' | 'plantsAll' | 'plantsAvail' | 'news';

export interface FeedCounterItem extends Partial<Record<FeedCounterField, number>> {
  pk: string;
  sk: string;
}

/** Adds `deltas` to the counter item at `key` (made by its first change). */
export function counterAdd(key: { pk: string; sk: string }, deltas: Partial<Record<FeedCounterField, number>>): TxItem {
  return addItem(key, deltas as Record<string, number>);
}

/** The counter item of a scope's audience (one GetItem), or of every shard of the global scope's audience (one Query). */
export async function counterItemsOf(scope: string, audience: string): Promise<FeedCounterItem[]> {
  if (scope === GLOBAL_SCOPE) return (await queryPage(counterPk(GLOBAL_SCOPE), { prefix: shardsOf(audience) })).items as FeedCounterItem[];
  const item = await getItem(counterKey(scope, audience));
  return item ? [item as FeedCounterItem] : [];
}

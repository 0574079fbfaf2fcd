/**
 * Feed counters (C1): raw items, not an ElectroDB entity. They are changed only by `ADD` in the
 * transactions of post writes (functions/posts/counters.ts) and read by one GetItem, or one Query
 * over the shards of the global scope:
 *
 *   counter#<scope>   <audience>             an owner's or a tag's counts as an audience sees them
 *   counter#global    <audience>#<shard>     the whole site's, spread over shards (every post write touches it)
 *
 *   counter#site      all#<shard>            the site's members, pages and events (C3), sharded the same way
 *
 * Scopes: `global`, an owner (`user#<id>`, `page#<id>`), a tag (`tag#<name>`): each item holds the
 * counts `postsAll`, `plantsAll`, `plantsAvail` and `news`. `site`: `members` (registered, not
 * deleted), `pages` and `events` (live, not hidden), each `ADD`ed in the transaction that makes, hides or deletes one.
 */
import { addItem } from '../add';
import { getItem, queryPage } from '../batch';
import type { TxItem } from '../transact';

export const GLOBAL_SCOPE = 'global';
export const SITE_SCOPE = 'site';
/** The site scope's one audience: its counts are no one's view, they are the site's. */
export const SITE_AUDIENCE = 'all';
/** Items a sharded scope's counter is spread over (one write in eight lands on each). */
export const COUNTER_SHARDS = 8;

/** Whether a scope's counters are spread over shards (summed when read). */
export const isSharded = (scope: string): boolean => scope === GLOBAL_SCOPE || scope === SITE_SCOPE;

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

export type SiteCounterField = 'members' | 'pages' | 'events';
export const SITE_FIELDS: readonly SiteCounterField[] = ['members', 'pages', 'events'];

export interface FeedCounterItem extends Partial<Record<FeedCounterField | SiteCounterField, number>> {
  pk: string;
  sk: string;
}

/** Adds `deltas` to the counter item at `key` (made by its first change). */
export function counterAdd(key: { pk: string; sk: string }, deltas: Partial<Record<FeedCounterField, number>>): TxItem {
  return addItem(key, deltas as Record<string, number>);
}

/** A shard of a sharded scope's audience, at random. */
export const randomShardKey = (scope: string, audience: string): { pk: string; sk: string } => counterKey(scope, audience, Math.floor(Math.random() * COUNTER_SHARDS));

/**
 * Counts a member who finished registering (+1) or whose account is deleted (-1), a page or an
 * event made (+1) or deleted (-1): an `ADD` to one of the site counter's shards, for the write's
 * own transaction (whose guard makes it happen once).
 */
export function siteCountItem(field: SiteCounterField, delta: 1 | -1): TxItem {
  return addItem(randomShardKey(SITE_SCOPE, SITE_AUDIENCE), { [field]: delta });
}

/** The site's counts as stored: one Query over its shards. */
export async function readSiteCounts(): Promise<Record<SiteCounterField, number>> {
  const items = await counterItemsOf(SITE_SCOPE, SITE_AUDIENCE);
  const sum = (f: SiteCounterField) => Math.max(0, items.reduce((n, i) => n + Number(i[f] ?? 0), 0));
  return { members: sum('members'), pages: sum('pages'), events: sum('events') };
}

/** The counter item of a scope's audience (one GetItem), or of every shard of a sharded scope's audience (one Query). */
export async function counterItemsOf(scope: string, audience: string): Promise<FeedCounterItem[]> {
  if (isSharded(scope)) return (await queryPage(counterPk(scope), { prefix: shardsOf(audience) })).items as FeedCounterItem[];
  const item = await getItem(counterKey(scope, audience));
  return item ? [item as FeedCounterItem] : [];
}

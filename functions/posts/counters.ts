/**
 * Feed counts kept on write (C1 in docs/data-model.md): counter items (keys:
 * functions/db/items/feed-counter.ts) holding postsAll, plantsAll, plantsAvail and news. A post's
 * write computes what the post counted for before and after, and `ADD`s the difference to each
 * counter in the post's own transaction, so a count always equals what its list holds. Scopes:
 * global (8 shards: every post touches it), the owner and each tag; audiences: public (guests),
 * members (public + members-only) and owner (the author's own view, private included; owner
 * scope only).
 */
import type { FeedCounts } from '../../shared/answers/feeds';
import type { Privacy } from '../../shared/content-rules';
import { FEED_FILTERS } from '../../shared/constants';
import { counterAdd, counterItemsOf, counterKey, GLOBAL_SCOPE, ownerScope, randomShardKey, tagScope, type FeedCounterItem } from '../db/items/feed-counter';
import type { TxItem } from '../db/transact';


export type Audience = 'public' | 'members' | 'owner';

/** What a post's counts depend on; null for a post that does not exist (or is deleted). */
export interface Countable {
  kind: 'post' | 'plant';
  privacy: Privacy;
  available: boolean;
  ownerType: 'user' | 'page';
  ownerId: string;
  tags: readonly string[];
}

export const ZERO: FeedCounts = { postsAll: 0, plantsAll: 0, plantsAvail: 0, news: 0 };

export function sees(audience: Audience, privacy: Privacy): boolean {
  if (audience === 'owner') return true;
  if (audience === 'members') return privacy !== 'private';
  return privacy === 'public';
}

function vector(p: Countable): FeedCounts {
  return {
    postsAll: p.kind === 'post' ? 1 : 0,
    plantsAll: p.kind === 'plant' ? 1 : 0,
    plantsAvail: p.kind === 'plant' && p.available ? 1 : 0,
    news: p.kind === 'post' && p.ownerType === 'page' ? 1 : 0,
  };
}

/** Every (scope, audience) counter a post counts in, with what it adds there. */
function contributions(p: Countable | null): Map<string, FeedCounts> {
  const out = new Map<string, FeedCounts>();
  if (!p) return out;
  const v = vector(p);
  const add = (scope: string, audiences: Audience[]) => {
    for (const a of audiences) if (sees(a, p.privacy)) out.set(`${scope}|${a}`, v);
  };
  add(GLOBAL_SCOPE, ['public', 'members']);
  add(ownerScope(p.ownerType, p.ownerId), ['public', 'members', 'owner']);
  for (const tag of new Set(p.tags)) add(tagScope(tag), ['public', 'members']);
  return out;
}

/** The item a change of the counter lands on: one of the global scope's shards, at random. */
function counterItemKey(scope: string, audience: Audience): { pk: string; sk: string } {
  return scope === GLOBAL_SCOPE ? randomShardKey(scope, audience) : counterKey(scope, audience);
}

/** The `ADD` items that take the counters from `before` to `after` (nothing for unchanged ones). */
export function counterItems(before: Countable | null, after: Countable | null): TxItem[] {
  const was = contributions(before);
  const now = contributions(after);
  const items: TxItem[] = [];
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    const delta = FEED_FILTERS.map((f) => [f, (now.get(key)?.[f] ?? 0) - (was.get(key)?.[f] ?? 0)] as const).filter(([, d]) => d !== 0);
    if (!delta.length) continue;
    const [scope, audience] = key.split('|') as [string, Audience];
    items.push(counterAdd(counterItemKey(scope, audience), Object.fromEntries(delta)));
  }
  return items;
}

function countsOf(items: FeedCounterItem[]): FeedCounts {
  const sum = { ...ZERO };
  for (const item of items) for (const f of FEED_FILTERS) sum[f] += Math.max(0, Number(item[f] ?? 0));
  return sum;
}

/** The counts an audience sees in a scope: one GetItem, or one Query over the global shards. */
export async function readCounts(scope: string, audience: Audience): Promise<FeedCounts> {
  return countsOf(await counterItemsOf(scope, audience));
}

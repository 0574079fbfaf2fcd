/**
 * Feed counters (C1): raw items, not an ElectroDB entity. They are changed only by `ADD` in the
 * transactions of post writes (functions/posts/counters.ts) and read by one GetItem, or one Query
 * over the shards of the global scope:
 *
 *   counter#<scope>   <audience>             an owner's or a tag's counts as an audience sees them
 *   counter#global    <audience>#<shard>     the whole site's, spread over shards (every post write touches it)
 *
 * Scopes: `global`, an owner (`user#<id>`, `page#<id>`), a tag (`tag#<name>`).
 */

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

/**
 * Recounting the feed counters (C1 in docs/data-model.md) from the items they count, and repairing
 * a drifted one. No HTTP here: the admin routes and any reconciliation (a load test's) call it.
 *
 * A scope's counts are recounted by walking its own lists, never by a Scan:
 *   - an owner (`user#<id>`, `page#<id>`): its posts and plants in the owner list (P3, gsi1, every
 *     live item with its privacy), which gives the owner, members and public audiences at once;
 *   - a tag (`tag#<name>`): its link lists per audience (P4), each link's post read back (BatchGet)
 *     for what it counts as now;
 *   - `global`: the members' feeds of posts and plants (P2, feedMembers, public ones included),
 *     which give the members and public audiences;
 *   - `site` (C2: members, pages, events): the registered members (U4, `users#complete`, not
 *     deleted), the pages' directory (G2, live pages not hidden), then each of those owners' events
 *     and those of hidden pages (G2d) (E2b, one Query an owner; live events not hidden counted). The events walk costs a Query per member and page: an
 *     admin's rare check, read in the same bounded batches.
 * A walk reads at most `budget` items per call (Query pages of PAGE items) and answers a cursor
 * with where it stopped and what it counted so far, so a large scope is recounted over many calls
 * and a call cut short loses nothing (the previous cursor is still good).
 *
 * Writes go on while a walk runs, so a drift seen on a busy scope may be a post written meanwhile:
 * recount again before repairing. A repair writes the recounted value only while the stored one
 * is still what the recount compared it with (every item of the counter guarded on the value it
 * held), so it never overwrites a change made in between.
 */
import type { FeedCounts } from '../../shared/answers/feeds';
import { FEED_FILTERS } from '../../shared/constants';
import { postKey } from '../db/entities/post';
import { batchGet, queryPage as query } from '../db/batch';
import { absent, and, eq, or } from '../db/condition';
import {
  counterItemsOf, counterKey, counterPk, GLOBAL_SCOPE, isSharded, SITE_AUDIENCE, SITE_FIELDS, SITE_SCOPE,
  type FeedCounterField, type FeedCounterItem, type SiteCounterField,
} from '../db/items/feed-counter';
import { writeItems, type TxItem } from '../db/transact';
import { conditionCheck, updateItem } from '../db/write';
import { sees, ZERO, type Audience } from '../posts/counters';

/** Items one Query page reads. */
const PAGE = 200;
/** Items one call reads by default. */
export const DEFAULT_BUDGET = 1000;

/** A feed audience, or `all` for the site scope's counts (no one's view: the site's). */
export type RecountAudience = Audience | typeof SITE_AUDIENCE;
export type CounterField = FeedCounterField | SiteCounterField;
type Sums = Partial<Record<CounterField, number>>;

/** One counter of a scope: what is stored and what its items add up to. */
export interface RecountRow {
  /** `<audience>.<field>`, e.g. `members.plantsAvail`, `all.events`. */
  counter: string;
  audience: RecountAudience;
  field: CounterField;
  /** The counter item's key (`counter#<scope>` and the audience; the global scope's shards are summed). */
  key: string;
  stored: number;
  recounted: number;
}

/** Where a recount stopped: the list it is on, the key to go on from, and what it counted so far. */
export interface RecountState {
  scope: string;
  source: number;
  start: Record<string, string> | null;
  read: number;
  counts: Partial<Record<RecountAudience, Sums>>;
}

export interface RecountStep {
  state: RecountState;
  /** Set once the walk is done: every counter of the scope, drifted or not. */
  rows: RecountRow[] | null;
}

interface Source {
  index?: string;
  pk: string;
  /** The audiences a list's items count in, and whether they must be read back from the post. */
  audiences: readonly RecountAudience[];
  viaPost: boolean;
  /** Site scope: each live item of the list counts one of `site`, or, with `eventsOf`, each live event of the owner it is. */
  site?: SiteCounterField;
  eventsOf?: 'user' | 'page';
}

interface Countable {
  kind?: unknown;
  privacy?: unknown;
  available?: unknown;
  ownerType?: unknown;
  deletedAt?: unknown;
  hiddenAt?: unknown;
  id?: unknown;
  uuid?: unknown;
}

/** What a scope is: `global`, `site`, `user#<id>`, `page#<id>` or `tag#<name>`; null when it is none of these. */
export function scopeKind(scope: string): 'global' | 'site' | 'owner' | 'tag' | null {
  if (scope === GLOBAL_SCOPE) return 'global';
  if (scope === SITE_SCOPE) return 'site';
  if (/^(user|page)#[0-9a-f-]{36}$/.test(scope)) return 'owner';
  if (/^tag#.+$/.test(scope)) return 'tag';
  return null;
}

/** The audiences a scope keeps counters for. */
export function audiencesOf(scope: string): RecountAudience[] {
  const kind = scopeKind(scope);
  return kind === 'site' ? [SITE_AUDIENCE] : kind === 'owner' ? ['public', 'members', 'owner'] : ['public', 'members'];
}

/** The fields a scope's counters hold. */
export function fieldsOf(scope: string): readonly CounterField[] {
  return scopeKind(scope) === 'site' ? SITE_FIELDS : FEED_FILTERS;
}

const MEMBERS_LIST = { index: 'gsi1', pk: 'users#complete' } as const;
const PAGES_LIST = { index: 'feedPublic', pk: 'pages#directory' } as const;
const HIDDEN_PAGES_LIST = { index: 'gsi1', pk: 'pages#hidden' } as const;

function sourcesOf(scope: string): Source[] {
  const kind = scopeKind(scope);
  if (kind === 'global') {
    return ['post', 'plant'].map((k) => ({ index: 'feedMembers', pk: `feed#${k}`, audiences: ['public', 'members'], viaPost: false }));
  }
  if (kind === 'site') {
    const site = { audiences: [SITE_AUDIENCE], viaPost: false } as const;
    return [
      { ...MEMBERS_LIST, ...site, site: 'members' },
      { ...PAGES_LIST, ...site, site: 'pages' },
      { ...MEMBERS_LIST, ...site, site: 'events', eventsOf: 'user' },
      { ...PAGES_LIST, ...site, site: 'events', eventsOf: 'page' },
      // A hidden page's events are not hidden with it: they still count.
      { ...HIDDEN_PAGES_LIST, ...site, site: 'events', eventsOf: 'page' },
    ];
  }
  if (kind === 'owner') {
    const [type, id] = scope.split('#') as [string, string];
    return ['post', 'plant'].map((k) => ({ index: 'gsi1', pk: `owner#${type}#${id}#${k}`, audiences: ['public', 'members', 'owner'], viaPost: false }));
  }
  if (kind === 'tag') {
    const tag = scope.slice('tag#'.length);
    return (['public', 'members'] as const).map((a) => ({ pk: `taglink#${tag}#${a}`, audiences: [a], viaPost: true }));
  }
  throw new Error(`not a counter scope: ${scope}`);
}

const ATTRIBUTES = ['kind', 'privacy', 'available', 'ownerType', 'deletedAt', 'hiddenAt', 'id', 'uuid'];
/** Owners whose events are counted at once. */
const OWNERS_AT_ONCE = 10;

async function queryPage(source: Source, start: Record<string, string> | null, limit: number) {
  const { items, next } = await query(source.pk, { ...(source.index ? { index: source.index } : {}), attributes: ATTRIBUTES, limit, ...(start ? { start } : {}) });
  return { items: items as Countable[], next: (next as Record<string, string> | undefined) ?? null };
}

function vector(p: Countable): FeedCounts {
  return {
    postsAll: p.kind === 'post' ? 1 : 0,
    plantsAll: p.kind === 'plant' ? 1 : 0,
    plantsAvail: p.kind === 'plant' && p.available === true ? 1 : 0,
    news: p.kind === 'post' && p.ownerType === 'page' ? 1 : 0,
  };
}

const PRIVACIES = new Set(['public', 'members', 'private']);

/** An owner's live events (E2b; not deleted, not hidden by an admin), every page of them: how many, and how many items were read. */
async function liveEventsOf(ownerType: 'user' | 'page', ownerId: string): Promise<{ live: number; read: number }> {
  let live = 0;
  let read = 0;
  let start: Record<string, string> | undefined;
  do {
    const page = await query(`eventsof#${ownerType}#${ownerId}`, { index: 'gsi2', attributes: ['deletedAt', 'hiddenAt'], limit: PAGE, ...(start ? { start } : {}) });
    read += page.items.length;
    live += page.items.filter((e) => !(e as Countable).deletedAt && !(e as Countable).hiddenAt).length;
    start = page.next as Record<string, string> | undefined;
  } while (start);
  return { live, read };
}

/** Site scope: what a page of a list adds, and the items read for it (an owner's events too). */
async function tallySite(state: RecountState, source: Source, items: Countable[]): Promise<number> {
  const sums = (state.counts[SITE_AUDIENCE] ??= {});
  const field = source.site!;
  const live = items.filter((i) => !i.deletedAt);
  if (!source.eventsOf) {
    sums[field] = (sums[field] ?? 0) + live.length;
    return 0;
  }
  let read = 0;
  for (let i = 0; i < live.length; i += OWNERS_AT_ONCE) {
    const counts = await Promise.all(live.slice(i, i + OWNERS_AT_ONCE).map((o) => liveEventsOf(source.eventsOf!, String(source.eventsOf === 'user' ? o.uuid : o.id))));
    for (const c of counts) {
      sums[field] = (sums[field] ?? 0) + c.live;
      read += c.read;
    }
  }
  return read;
}

function tally(state: RecountState, audiences: readonly RecountAudience[], item: Countable): void {
  // Feed lists only: the site scope's lists are counted by tallySite.
  // The owner list also holds what an admin hid (ownerAll): it counts nowhere.
  if (item.deletedAt || item.hiddenAt || !PRIVACIES.has(item.privacy as string)) return;
  const v = vector(item);
  for (const a of audiences) {
    if (a === SITE_AUDIENCE || !sees(a, item.privacy as 'public' | 'members' | 'private')) continue;
    const sum = (state.counts[a] ??= { ...ZERO });
    for (const f of FEED_FILTERS) sum[f] = (sum[f] ?? 0) + v[f];
  }
}

/** A new recount of `scope`, to pass to `recountStep`. */
export function startRecount(scope: string): RecountState {
  if (!scopeKind(scope)) throw new Error(`not a counter scope: ${scope}`);
  return { scope, source: 0, start: null, read: 0, counts: {} };
}

/** The counters of a scope as stored (a sharded scope's shards summed), per audience. */
export async function storedCounts(scope: string): Promise<Partial<Record<RecountAudience, Record<CounterField, number>>>> {
  const out: Partial<Record<RecountAudience, Record<CounterField, number>>> = {};
  await Promise.all(
    audiencesOf(scope).map(async (a) => {
      const sum = {} as Record<CounterField, number>;
      for (const f of fieldsOf(scope)) sum[f] = 0;
      for (const item of await counterItemsOf(scope, a)) for (const f of fieldsOf(scope)) sum[f] += Number(item[f] ?? 0);
      out[a] = sum;
    }),
  );
  return out;
}

/** Reads on from `state`, at most `budget` items; answers the rows once the scope's lists are all read. */
export async function recountStep(state: RecountState, budget = DEFAULT_BUDGET): Promise<RecountStep> {
  const sources = sourcesOf(state.scope);
  const next: RecountState = { ...state, counts: Object.fromEntries(Object.entries(state.counts).map(([a, c]) => [a, { ...c }])) };
  let left = budget;
  while (next.source < sources.length && left > 0) {
    const source = sources[next.source]!;
    const page = await queryPage(source, next.start, Math.min(PAGE, left));
    let items = page.items;
    if (source.viaPost) {
      const posts = await batchGet(items.filter((l) => typeof l.id === 'string').map((l) => postKey(l.id as string)));
      items = posts as Countable[];
    }
    let extra = 0;
    if (source.site) extra = await tallySite(next, source, items);
    else for (const item of items) tally(next, source.audiences, item);
    next.read += page.items.length + extra;
    left -= page.items.length + extra;
    if (page.next) next.start = page.next;
    else {
      next.source += 1;
      next.start = null;
    }
  }
  if (next.source < sources.length) return { state: next, rows: null };
  const stored = await storedCounts(state.scope);
  const rows: RecountRow[] = [];
  for (const audience of audiencesOf(state.scope)) {
    for (const field of fieldsOf(state.scope)) {
      rows.push({
        counter: `${audience}.${field}`,
        audience,
        field,
        key: `${counterPk(state.scope)} ${audience}`,
        stored: stored[audience]![field],
        recounted: next.counts[audience]?.[field] ?? 0,
      });
    }
  }
  return { state: next, rows };
}

/** Recounts a whole scope (every page, in this call): `{ counter, key, stored, recounted }` per counter. */
export async function recount(scope: string, budget = DEFAULT_BUDGET): Promise<RecountRow[]> {
  let step = await recountStep(startRecount(scope), budget);
  while (!step.rows) step = await recountStep(step.state, budget);
  return step.rows;
}

/** The rows whose stored value is not what the items add up to. */
export const drifted = (rows: readonly RecountRow[]): RecountRow[] => rows.filter((r) => r.stored !== r.recounted);

export type RepairOutcome = 'repaired' | 'unchanged' | 'changed';

/**
 * Sets a counter to `recounted` if it still holds `stored` (summed over the global scope's shards):
 * each of its items is checked to hold what was read, and the difference is added to the first.
 * 'changed': it no longer holds `stored` (recount again); 'unchanged': nothing to do.
 */
export async function repairCounter(scope: string, audience: RecountAudience, field: CounterField, stored: number, recounted: number): Promise<RepairOutcome> {
  if (!scopeKind(scope) || !audiencesOf(scope).includes(audience) || !fieldsOf(scope).includes(field)) throw new Error(`no counter ${audience}.${field} in ${scope}`);
  if (stored === recounted) return 'unchanged';
  const items: FeedCounterItem[] = await counterItemsOf(scope, audience);
  const sum = items.reduce((s, i) => s + Number(i[field] ?? 0), 0);
  if (sum !== stored) return 'changed';
  const holds = (i: FeedCounterItem) => (i[field] === undefined ? absent(field) : eq(field, i[field]));
  const tx: TxItem[] = [];
  if (!items.length) {
    const key = counterKey(scope, audience, isSharded(scope) ? 0 : undefined);
    tx.push(updateItem({ key, add: { [field]: recounted - stored }, condition: or(absent(), absent(field)) }));
  } else {
    const [first, ...rest] = items;
    tx.push(updateItem({ key: { pk: first!.pk, sk: first!.sk }, add: { [field]: recounted - stored }, condition: and(holds(first!)) }));
    for (const i of rest) tx.push(conditionCheck({ pk: i.pk, sk: i.sk }, holds(i)));
  }
  const out = await writeItems(tx);
  return out.canceled ? 'changed' : 'repaired';
}

/**
 * Plain BatchGet, BatchWrite, GetItem and Query over the table, for reads and sweeps that gather
 * items of several entities at once (a feed page's owners and the viewer's reactions in one call)
 * and for the kinds stored raw. Chunked to the API's limits; unprocessed keys are retried with a
 * short backoff.
 */
import { BatchGetCommand, BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { Placeholders } from './condition';
import { TABLE } from './table';

export interface TableKey {
  pk: string;
  sk: string;
  [key: string]: string;
}

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));

/** The items that exist among `keys` (duplicates asked once), in no particular order. */
export async function batchGet(keys: TableKey[], opts: { consistent?: boolean } = {}): Promise<Record<string, unknown>[]> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, { pk: k.pk, sk: k.sk }])).values()];
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Record<string, unknown>[] = unique.slice(i, i + 100);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 0) await pause(attempt);
      const out = await documentClient().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ...(opts.consistent ? { ConsistentRead: true } : {}) } } }));
      found.push(...(out.Responses?.[tableName()] ?? []));
      pending = out.UnprocessedKeys?.[tableName()]?.Keys ?? [];
      if (attempt > 8 && pending.length) throw new Error(`batch get left ${pending.length} keys unprocessed`);
    }
  }
  return found;
}

/** Deletes every key (idempotent: absent items are fine), 25 per request. */
export async function batchDelete(keys: TableKey[]): Promise<void> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, { pk: k.pk, sk: k.sk }])).values()];
  for (let i = 0; i < unique.length; i += 25) {
    let pending = unique.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 0) await pause(attempt);
      const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (out.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      if (attempt > 8 && pending.length) throw new Error(`batch delete left ${pending.length} items unprocessed`);
    }
  }
}

export interface RawItem {
  pk: string;
  sk: string;
  __edb_e__?: string;
  [attribute: string]: unknown;
}

/** The item at `key`, or null (one GetItem). */
export async function getItem(key: { pk: string; sk: string }, opts: { consistent?: boolean } = {}): Promise<RawItem | null> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName(), Key: { pk: key.pk, sk: key.sk }, ...(opts.consistent ? { ConsistentRead: true } : {}) }));
  return (Item as RawItem | undefined) ?? null;
}

export interface QueryOptions {
  /** A global index of the table (its own key attributes, e.g. `gsi1pk`/`gsi1sk`, `mempk`/`memsk`) instead of the table's own keys. */
  index?: string;
  /** Sort keys starting with this. */
  prefix?: string;
  /** Sort keys from `between[0]` to `between[1]`, both included. */
  between?: readonly [string, string];
  /** Only these attributes of each item. */
  attributes?: readonly string[];
  /** Highest sort key first. */
  newestFirst?: boolean;
  limit?: number;
  /** Where the previous page stopped (its `next`). */
  start?: Record<string, unknown>;
}

/** Every item of the partition `pk` (of an index when `opts.index`), every page of it. */
export async function queryAll(pk: string, opts: Omit<QueryOptions, 'start'> = {}): Promise<RawItem[]> {
  const out: RawItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryPage(pk, { ...opts, ...(start ? { start } : {}) });
    out.push(...page.items);
    start = page.next;
  } while (start);
  return out;
}

/** One Query page of the partition `pk`: its items, and where the next page starts (undefined: none). */
export async function queryPage(pk: string, opts: QueryOptions = {}): Promise<{ items: RawItem[]; next: Record<string, unknown> | undefined }> {
  const p = new Placeholders();
  const gsi = opts.index ? TABLE.globalIndexes.find((i) => i.name === opts.index) : undefined;
  if (opts.index && !gsi) throw new Error(`no index ${opts.index}`);
  const [pkName, skName] = gsi ? [gsi.partitionKey, gsi.sortKey] : ['pk', 'sk'];
  const sortKey = opts.between
    ? ` AND ${p.name(skName)} BETWEEN ${p.value(opts.between[0])} AND ${p.value(opts.between[1])}`
    : opts.prefix
      ? ` AND begins_with(${p.name(skName)}, ${p.value(opts.prefix)})`
      : '';
  const KeyConditionExpression = `${p.name(pkName)} = ${p.value(pk)}${sortKey}`;
  const projection = opts.attributes?.length ? { ProjectionExpression: opts.attributes.map((a) => p.name(a)).join(', ') } : {};
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      ...(opts.index ? { IndexName: opts.index } : {}),
      KeyConditionExpression,
      ...projection,
      ...p.attributes(),
      ...(opts.newestFirst ? { ScanIndexForward: false } : {}),
      ...(opts.limit ? { Limit: opts.limit } : {}),
      ...(opts.start ? { ExclusiveStartKey: opts.start } : {}),
    }),
  );
  return { items: (out.Items ?? []) as RawItem[], next: out.LastEvaluatedKey };
}

/** One page of a partition whose sort key starts with `prefix`, after `startSk`, at most `limit` items. */
export async function partitionPage(pk: string, prefix: string, opts: { limit?: number; startSk?: string } = {}): Promise<{ items: RawItem[]; lastSk: string | null }> {
  const { items, next } = await queryPage(pk, { ...(prefix ? { prefix } : {}), ...(opts.limit ? { limit: opts.limit } : {}), ...(opts.startSk ? { start: { pk, sk: opts.startSk } } : {}) });
  return { items, lastSk: (next?.sk as string | undefined) ?? null };
}

/** Every item of a partition whose sort key starts with `prefix` (all pages): for sweeps and threads. */
export async function partitionItems(pk: string, prefix = ''): Promise<RawItem[]> {
  const items: RawItem[] = [];
  let startSk: string | undefined;
  do {
    const page = await partitionPage(pk, prefix, startSk ? { startSk } : {});
    items.push(...page.items);
    startSk = page.lastSk ?? undefined;
  } while (startSk);
  return items;
}

/**
 * Write transactions, one way: build the items with `txEntities()` (each ElectroDB chain ends in
 * `.commit()`), or with the builders of the raw kinds (functions/db/items/) and of write.ts
 * (condition checks, counts), and run them with `writeItems`. It sends one TransactWriteItems,
 * retries TransactionConflict (two writers touching the same item, e.g. a shared counter) with
 * exponential backoff and full jitter, and after the last attempt throws `DataBusyError` (the
 * middleware answers 503). Condition failures come back, item by item, for the caller to map by
 * name: give the items whose failure matters a name (`named(name, item)`) and read
 * `failedChecks(out, items)`.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Service } from 'electrodb';
import { documentClient } from './client';
import { committed } from './committed';
import { DataBusyError } from './errors';
import { db, type Entities } from './service';

/**
 * The entities as ElectroDB types them inside a write transaction (their chains end in
 * `.commit()`). Only the type is taken from a Service of all entities; none is built.
 */
export type TxEntities = Parameters<Parameters<Service<Entities>['transaction']['write']>[0]>[0];

/**
 * The entities for building transaction items: at run time the same lazily built entities as
 * `db().entities` (ElectroDB hands a transaction's callback exactly those), so domain functions
 * can return items for others' transactions.
 */
export function txEntities(): TxEntities {
  return db().entities as unknown as TxEntities;
}

export interface TxOutcome {
  canceled: boolean;
  data: { rejected: boolean; code: string; message?: string }[];
}

const ATTEMPTS = 5;
const BASE_MS = 20;

async function transact<T extends TxOutcome>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const out = await run();
    const conflicted = out.canceled && out.data.some((d) => d.code === 'TransactionConflict');
    if (!conflicted) return out;
    if (attempt >= ATTEMPTS) throw new DataBusyError();
    await new Promise((r) => setTimeout(r, Math.random() * BASE_MS * 2 ** attempt));
  }
}

/** True when a single write was refused because its condition failed (ElectroDB wraps the SDK error as `cause`). */
export function isConditionFailure(err: unknown): boolean {
  const e = err as { name?: string; cause?: { name?: string } } | null;
  return e?.cause?.name === 'ConditionalCheckFailedException' || e?.name === 'ConditionalCheckFailedException';
}

/** One item of a write transaction: ElectroDB's `.commit()` output or a builder's item (functions/db/write.ts). */
export interface TxItem {
  Put?: unknown;
  Update?: unknown;
  Delete?: unknown;
  ConditionCheck?: unknown;
}
type SdkTxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Most items DynamoDB accepts in one transaction. */
export const TX_MAX_ITEMS = 100;

/**
 * Runs a write transaction of items (ElectroDB commits mixed with raw counter updates), retried
 * on conflicts; a cancellation is returned with each item's reason. No items: nothing is sent.
 */
export async function writeItems(items: TxItem[]): Promise<TxOutcome> {
  if (!items.length) return { canceled: false, data: [] };
  if (items.length > TX_MAX_ITEMS) throw new Error(`a transaction of ${items.length} items is over the limit of ${TX_MAX_ITEMS}`);
  return transact(async () => {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items as SdkTxItem[] }));
      committed(items);
      return { canceled: false, data: [] };
    } catch (err) {
      if (!(err instanceof TransactionCanceledException)) throw err;
      const reasons = err.CancellationReasons ?? [];
      return {
        canceled: true,
        data: reasons.map((r) => ({ rejected: (r.Code ?? 'None') !== 'None', code: r.Code ?? 'None', ...(r.Message ? { message: r.Message } : {}) })),
      };
    }
  });
}


/** The names given to transaction items (`named`): a cancelled write answers which named checks failed. */
const NAMES = new WeakMap<TxItem, string>();

/**
 * Gives a transaction item a name, so that a cancellation is read by what failed rather than
 * by the item's position (which moves when items are added before it). Answers the item itself.
 */
export function named<T extends TxItem>(name: string, item: T): T {
  NAMES.set(item, name);
  return item;
}

/** The names of the items of `items` whose condition failed in `out` (none when it landed). */
export function failedChecks(out: TxOutcome, items: readonly TxItem[]): Set<string> {
  const failed = new Set<string>();
  if (!out.canceled) return failed;
  items.forEach((item, i) => {
    const name = NAMES.get(item);
    if (name && out.data[i]?.code === 'ConditionalCheckFailed') failed.add(name);
  });
  return failed;
}

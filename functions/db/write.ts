/**
 * Builders of the transaction items that no entity writes: a check, a put, a delete and an update
 * of a key, with a condition given as data (condition.ts). Each call says what it writes; the
 * expressions, names and values are spelled here, and only here outside ElectroDB. The kinds
 * stored raw build their items with these (functions/db/items/), and so does `addItem`.
 */
import { tableName } from './client';
import { Placeholders, type Condition } from './condition';
import type { TxItem } from './transact';

// A type, not an interface: it stays assignable to the key records of batch.ts.
export type ItemKey = { pk: string; sk: string };

/** The condition's expression and the placeholders it used, or nothing when there is none. */
function conditionOf(condition: Condition | undefined, p: Placeholders): { ConditionExpression?: string } {
  const expression = condition?.write(p);
  return expression ? { ConditionExpression: expression } : {};
}

/** A check in a transaction: the write lands only if `condition` holds of the item at `key`. */
export function conditionCheck(key: ItemKey, condition: Condition): TxItem {
  const p = new Placeholders();
  const check = conditionOf(condition, p);
  return { ConditionCheck: { TableName: tableName(), Key: key, ...check, ...p.attributes() } };
}

/** Puts a whole item (its key among its attributes), if `condition` holds of the item it replaces. */
export function putItem<T extends ItemKey>(item: T, condition?: Condition): TxItem {
  const p = new Placeholders();
  const check = conditionOf(condition, p);
  return { Put: { TableName: tableName(), Item: item, ...check, ...p.attributes() } };
}

/** Deletes the item at `key`, if `condition` holds of it. */
export function deleteItem(key: ItemKey, condition?: Condition): TxItem {
  const p = new Placeholders();
  const check = conditionOf(condition, p);
  return { Delete: { TableName: tableName(), Key: key, ...check, ...p.attributes() } };
}

export interface UpdateSpec {
  key: ItemKey;
  /** Attributes set to these values (undefined ones are left as they are). */
  set?: Record<string, unknown>;
  /** Attributes set to these values only where the item has none yet (`if_not_exists`). */
  setIfAbsent?: Record<string, unknown>;
  /** Numbers added to (DynamoDB's atomic increment; a missing attribute counts from 0), or sets joined. */
  add?: Record<string, number | Set<string>>;
  /** Attributes removed from the item. */
  remove?: readonly string[];
  /** Members taken out of string sets. */
  deleteFrom?: Record<string, Set<string>>;
  condition?: Condition;
}

/** Updates the item at `key` (creating it when absent and no condition says otherwise). */
export function updateItem({ key, set = {}, setIfAbsent = {}, add = {}, remove = [], deleteFrom = {}, condition }: UpdateSpec): TxItem {
  const p = new Placeholders();
  const clauses: string[] = [];
  const sets = Object.entries(set).filter(([, v]) => v !== undefined).map(([a, v]) => `${p.name(a)} = ${p.value(v)}`);
  for (const [a, v] of Object.entries(setIfAbsent)) if (v !== undefined) sets.push(`${p.name(a)} = if_not_exists(${p.name(a)}, ${p.value(v)})`);
  if (sets.length) clauses.push(`SET ${sets.join(', ')}`);
  const adds = Object.entries(add);
  if (adds.length) clauses.push(`ADD ${adds.map(([a, v]) => `${p.name(a)} ${p.value(v)}`).join(', ')}`);
  const deletes = Object.entries(deleteFrom);
  if (deletes.length) clauses.push(`DELETE ${deletes.map(([a, v]) => `${p.name(a)} ${p.value(v)}`).join(', ')}`);
  if (remove.length) clauses.push(`REMOVE ${remove.map((a) => p.name(a)).join(', ')}`);
  if (!clauses.length) throw new Error('an update changes at least one attribute');
  const check = conditionOf(condition, p);
  return { Update: { TableName: tableName(), Key: key, UpdateExpression: clauses.join(' '), ...check, ...p.attributes() } };
}

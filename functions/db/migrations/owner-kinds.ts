/**
 * The migration to keys that name the owner's kind (docs/data-model.md, docs/operations.md).
 * Before it, members and pages did not share one claimed id namespace, and keys built from an
 * owner id held the bare id. This job walks the table (a Scan: an operator's job, never a request
 * path) in pages, with a cursor it hands back, and a deadline after which it starts nothing new
 * (the first item of a run always completes, so every run gets further). For each item:
 *   - a member (`user#<id>` / `profile`) or a page (`page#<id>` / `page`): its id claim
 *     (`ownerid#<id>`), by a conditional put; a page whose id is a member's is listed in
 *     `collisions` (and logged) and left alone, with everything it owns;
 *   - a post or a plant: `owner#<id>#<kind>` → `owner#<ownerType>#<id>#<kind>` (and `ownerm#`,
 *     `ownerp#`), `owneravail#<id>` → `owneravail#<ownerType>#<id>`;
 *   - an event: `eventsof#<id>` → `eventsof#<ownerType>#<id>`;
 *   - an event date: `ownerType` (from its template), `evdates#<id>` → `evdates#<ownerType>#<id>`;
 *   - a conversation whose id is not the one its two sides now make (`conversationIdOf`): its
 *     partition moves to the new id (participants keyed by kind, inbox keys with it), each
 *     message's claim points to it, and the unread collections of the tallies swap the old id
 *     for the new one; the old partition goes last, its `conv` item the very last.
 * Every write is conditional on the old shape (a put on the key being free), so running it twice,
 * or twice at once, changes nothing more; every item it writes carries the marks of ./marker.ts,
 * so the stream dispatcher does not take its writes for new activity. Relisting jobs are
 * transient (two days) and left as they are.
 *
 * Imports nothing from functions/lib: the caller passes its logger.
 */
import {
  DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand,
  type DeleteCommandInput, type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../client';
import { conversationIdOf } from '../entities/conversation';
import { OwnerIdClaim, ownerIdClaimKey, type OwnerRef, type OwnerType } from '../entities/owner';
import { migrationMarks, markMigrationFresh } from './marker';

type Item = Record<string, unknown>;
export type MigrationCursor = Record<string, unknown>;

export interface MigrationLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface OwnerKindsRun {
  /** Where the previous run stopped (null or absent: from the start). */
  cursor?: MigrationCursor | null;
  /** Epoch ms after which no further item is started. */
  deadline: number;
  logger: MigrationLogger;
  /** Items per Scan page (default 100). */
  pageSize?: number;
}

export interface OwnerKindsOutcome {
  /** The whole table has been walked. */
  done: boolean;
  /** Where the next run resumes (null when done). */
  cursor: MigrationCursor | null;
  /** Items looked at by this run. */
  scanned: number;
  /** Writes that landed (none on a second run over migrated data). */
  written: number;
  /** Ids of pages that equal a member's id: not migrated, left as they are, for an operator. */
  collisions: string[];
}

/** The entities the migration reads; the Scan leaves the rest out. */
const ENTITIES = ['user', 'page', 'post', 'event', 'eventDate', 'conversation'] as const;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const keyOf = (item: Item): MigrationCursor => ({ pk: item.pk, sk: item.sk });
const isConditionFailure = (err: unknown): boolean => (err as { name?: string }).name === 'ConditionalCheckFailedException';

class Migration {
  written = 0;
  readonly collisions = new Set<string>();
  private readonly collides = new Map<string, boolean>();
  private readonly at = new Date().toISOString();
  private readonly claims = OwnerIdClaim();

  constructor(private readonly logger: MigrationLogger) {}

  /** A conditional write; false when its condition failed (already done, or changed since read). */
  private async attempt(cmd: PutCommand | UpdateCommand | DeleteCommand): Promise<boolean> {
    try {
      await documentClient().send(cmd as PutCommand);
      this.written++;
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  /** Puts `item` (marked) where nothing is yet. */
  private put(item: Item): Promise<boolean> {
    return this.attempt(new PutCommand({ TableName: tableName(), Item: { ...item, ...migrationMarks(item, this.at) }, ConditionExpression: 'attribute_not_exists(pk)' }));
  }

  private async get(pk: string, sk: string): Promise<Item | undefined> {
    return (await documentClient().send(new GetCommand({ TableName: tableName(), Key: { pk, sk }, ConsistentRead: true }))).Item;
  }

  /**
   * Sets `changes` on `item` if each changed attribute still holds what `item` had (absent ones
   * still absent), marking the item with its new content.
   */
  private rewrite(item: Item, changes: Item): Promise<boolean> {
    const names: Record<string, string> = { '#ma': 'migratedAt', '#ms': 'migratedSig' };
    const values: Record<string, unknown> = renameMarks(migrationMarks({ ...item, ...changes }, this.at));
    const sets = ['#ma = :ma', '#ms = :ms'];
    const conds: string[] = [];
    Object.entries(changes).forEach(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:n${i}`] = value;
      sets.push(`#f${i} = :n${i}`);
      if (item[field] === undefined) conds.push(`attribute_not_exists(#f${i})`);
      else {
        values[`:o${i}`] = item[field];
        conds.push(`#f${i} = :o${i}`);
      }
    });
    const input: UpdateCommandInput = {
      TableName: tableName(), Key: { pk: item.pk, sk: item.sk }, UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: ['attribute_exists(pk)', ...conds].join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values,
    };
    return this.attempt(new UpdateCommand(input));
  }

  /** Whether a page's id is also a member's (then the page and its items are left alone). */
  private async pageCollides(pageId: string): Promise<boolean> {
    let hit = this.collides.get(pageId);
    if (hit === undefined) {
      hit = !!(await this.get(`user#${pageId}`, 'profile'));
      this.collides.set(pageId, hit);
      if (hit) {
        this.collisions.add(pageId);
        this.logger.warn('a page holds a member\'s id: it and its items are left as they are', { pageId });
      }
    }
    return hit;
  }

  private async ownerLeftAlone(type: unknown, id: string): Promise<boolean> {
    return type === 'page' && (await this.pageCollides(id));
  }

  /** Claims `id` for its owner; false when it was claimed already (by this owner in an earlier run, or by another). */
  private async claim(id: string, ownerType: OwnerType, createdAt: string, createdBy?: string): Promise<boolean> {
    const { Item } = this.claims.put({ id, ownerType, createdAt: createdAt || this.at, ...(createdBy ? { createdBy } : {}) }).params<{ Item: Item }>({ table: tableName() });
    return this.put(Item);
  }

  /**
   * A member's claim: a page made between the claims' arrival and this run may hold the member's
   * id (the page creation checked the claim only, and the member had none yet): that page is listed
   * as a collision, like one found holding a member's id.
   */
  private async claimMember(id: string, createdAt: string): Promise<void> {
    if (await this.claim(id, 'user', createdAt)) return;
    const key = ownerIdClaimKey(id);
    const held = await this.get(key.pk, key.sk);
    if (held?.ownerType === 'page' && !this.collisions.has(id)) {
      this.collisions.add(id);
      this.collides.set(id, true);
      this.logger.warn('a page holds a member\'s id: it and its items are left as they are', { pageId: id });
    }
  }

  async handle(item: Item): Promise<void> {
    switch (item.__edb_e__) {
      case 'user':
        if (item.sk === 'profile' && str(item.uuid)) await this.claimMember(str(item.uuid), str(item.createdAt));
        return;
      case 'page':
        if (item.sk !== 'page' || !str(item.id) || (await this.pageCollides(str(item.id)))) return;
        await this.claim(str(item.id), 'page', str(item.createdAt), str(item.createdBy) || undefined);
        return;
      case 'post':
        return this.post(item);
      case 'event':
        return this.event(item);
      case 'eventDate':
        return this.eventDate(item);
      case 'conversation':
        if (item.sk === 'conv') await this.conversation(item);
        return;
      default:
    }
  }

  private async post(item: Item): Promise<void> {
    const [type, id, kind] = [str(item.ownerType), str(item.ownerId), str(item.kind)];
    if (!type || !id || (await this.ownerLeftAlone(type, id))) return;
    const changes: Item = {};
    for (const [field, prefix] of [['gsi1pk', 'owner#'], ['gsi2pk', 'ownerm#'], ['gsi3pk', 'ownerp#']] as const) {
      if (item[field] === `${prefix}${id}#${kind}`) changes[field] = `${prefix}${type}#${id}#${kind}`;
    }
    for (const field of ['oavpk', 'oavmpk', 'oavppk']) {
      if (item[field] === `owneravail#${id}`) changes[field] = `owneravail#${type}#${id}`;
    }
    if (Object.keys(changes).length) await this.rewrite(item, changes);
  }

  private async event(item: Item): Promise<void> {
    const [type, id] = [str(item.ownerType), str(item.ownerId)];
    if (!type || !id || (await this.ownerLeftAlone(type, id))) return;
    if (item.gsi2pk === `eventsof#${id}`) await this.rewrite(item, { gsi2pk: `eventsof#${type}#${id}` });
  }

  private async eventDate(item: Item): Promise<void> {
    const id = str(item.ownerId);
    let type = str(item.ownerType);
    if (!type) {
      const template = await this.get(`event#${str(item.eventId)}`, 'event');
      type = str(template?.ownerType);
      if (!type) {
        this.logger.warn('an event date without its template: its owner\'s kind is unknown, left as it is', { eventId: item.eventId, dateKey: item.dateKey });
        return;
      }
    }
    if (!id || (await this.ownerLeftAlone(type, id))) return;
    const changes: Item = {};
    if (!item.ownerType) changes.ownerType = type;
    if (item.gsi2pk === `evdates#${id}`) changes.gsi2pk = `evdates#${type}#${id}`;
    if (Object.keys(changes).length) await this.rewrite(item, changes);
  }

  /** The two sides of a conversation, as its item names them. */
  private static sidesOf(conv: Item): [OwnerRef, OwnerRef] | null {
    if (conv.convType === 'tomypage') return str(conv.userId) && str(conv.pageId) ? [{ type: 'user', id: str(conv.userId) }, { type: 'page', id: str(conv.pageId) }] : null;
    const ids = Array.isArray(conv.participantIds) ? conv.participantIds.map(str) : [];
    return ids.length === 2 && ids[0] && ids[1] ? [{ type: 'user', id: ids[0] }, { type: 'user', id: ids[1] }] : null;
  }

  private async partition(pk: string): Promise<Item[]> {
    const items: Item[] = [];
    let start: MigrationCursor | undefined;
    do {
      const out = await documentClient().send(new QueryCommand({
        TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true, ExclusiveStartKey: start,
      }));
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  /** An item of conversation `from`'s partition as it stands under `to`. */
  private static moved(item: Item, from: string, to: string): Item {
    const out: Item = { ...item, pk: `conv#${to}` };
    delete out.migratedAt;
    delete out.migratedSig;
    if (item.__edb_e__ === 'conversation') out.id = to;
    if (item.__edb_e__ === 'message') out.conversationId = to;
    if (item.__edb_e__ === 'conversationParticipant') {
      const ref = `${str(item.participantType)}#${str(item.participantId)}`;
      out.conversationId = to;
      out.sk = `part#${ref}`;
      if (item.gsi1pk !== undefined) out.gsi1pk = `inbox#${ref}`;
      if (typeof item.gsi1sk === 'string') out.gsi1sk = item.gsi1sk.endsWith(`#${from}`) ? `${item.gsi1sk.slice(0, -from.length)}${to}` : `${str(item.lastMessageAt)}#${to}`;
      out.gsi2pk = `convsof#${ref}`;
      out.gsi2sk = to;
      // Filed in the unread index (M5b): under the moved conversation.
      if (typeof item.gsi3pk === 'string' && item.gsi3pk.startsWith('unread#')) {
        out.gsi3pk = `unread#${ref}`;
        out.gsi3sk = to;
      }
    }
    return out;
  }

  /**
   * Swaps `from` for `to` in the unread collection of a tally: the whole set written back on
   * the condition that it is still the set read (read again when a send changed it meanwhile).
   */
  private async swapInTally(ownerPk: string, from: string, to: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const tally = await this.get(ownerPk, 'msg-tally');
      const convs = tally?.convs instanceof Set ? (tally.convs as Set<string>) : null;
      if (!tally || !convs?.has(from)) return;
      const next = new Set([...convs].filter((c) => c !== from).concat(to));
      const landed = await this.attempt(new UpdateCommand({
        TableName: tableName(), Key: { pk: tally.pk, sk: tally.sk },
        UpdateExpression: 'SET #c = :next, #ma = :ma, #ms = :ms',
        ConditionExpression: '#c = :prev',
        ExpressionAttributeNames: { '#c': 'convs', '#ma': 'migratedAt', '#ms': 'migratedSig' },
        ExpressionAttributeValues: { ':next': next, ':prev': convs, ...renameMarks(migrationMarks({ ...tally, convs: next }, this.at)) },
      }));
      if (landed) return;
    }
    throw new Error(`the unread collection of ${ownerPk} kept changing; run the migration again`);
  }

  private async conversation(conv: Item): Promise<void> {
    const from = str(conv.id);
    const sides = Migration.sidesOf(conv);
    if (!from || !sides) {
      this.logger.warn('a conversation without its two sides: left as it is', { conversationId: from });
      return;
    }
    if (await this.ownerLeftAlone(sides[1].type, sides[1].id)) return;
    const to = conversationIdOf(sides[0], sides[1]);
    if (to === from) return;
    const items = await this.partition(`conv#${from}`);
    // 1. Everything under the new id (an item already there, moved before or written since, stays).
    for (const item of items) await this.put(Migration.moved(item, from, to));
    // 2. Each message's claim names the new id.
    for (const m of items.filter((i) => i.__edb_e__ === 'message' && str(i.id))) {
      const claim = await this.get(`msgid#${str(m.id)}`, 'msgid');
      if (claim?.conversationId === from) await this.rewrite(claim, { conversationId: to });
    }
    // 3. The unread collections name the new id.
    for (const p of items.filter((i) => i.__edb_e__ === 'conversationParticipant')) await this.swapInTally(`${str(p.participantType)}#${str(p.participantId)}`, from, to);
    // 4. The old partition goes, its `conv` item last (a run cut short finds it and does the rest).
    const last = items.filter((i) => i.sk !== 'conv').concat(items.filter((i) => i.sk === 'conv'));
    for (const item of last) {
      const input: DeleteCommandInput = { TableName: tableName(), Key: { pk: item.pk, sk: item.sk }, ConditionExpression: 'attribute_exists(pk)' };
      await this.attempt(new DeleteCommand(input));
    }
    this.logger.info('moved a conversation to its new id', { from, to, items: items.length });
  }
}

const renameMarks = (m: { migratedAt: string; migratedSig: string }) => ({ ':ma': m.migratedAt, ':ms': m.migratedSig });

/**
 * One run of the migration: from `cursor` on, until the table ends or the deadline passes. Hand
 * the answer's `cursor` to the next run until it answers `done`.
 */
export async function migrateOwnerKinds(run: OwnerKindsRun): Promise<OwnerKindsOutcome> {
  const m = new Migration(run.logger);
  let cursor: MigrationCursor | null = run.cursor ?? null;
  let scanned = 0;
  let progressed = false;
  const names = Object.fromEntries(ENTITIES.map((_, i) => [`:e${i}`, ENTITIES[i]]));
  const outcome = (done: boolean): OwnerKindsOutcome => ({ done, cursor: done ? null : cursor, scanned, written: m.written, collisions: [...m.collisions] });
  for (;;) {
    const page = await documentClient().send(new ScanCommand({
      TableName: tableName(),
      Limit: run.pageSize ?? 100,
      ConsistentRead: true,
      FilterExpression: `#e IN (${Object.keys(names).join(', ')})`,
      ExpressionAttributeNames: { '#e': '__edb_e__' },
      ExpressionAttributeValues: names,
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    }));
    for (const item of page.Items ?? []) {
      if (progressed && Date.now() >= run.deadline) return outcome(false);
      await m.handle(item);
      scanned++;
      progressed = true;
      cursor = keyOf(item);
    }
    if (!page.LastEvaluatedKey) return outcome(true);
    cursor = page.LastEvaluatedKey;
    progressed = true;
    if (Date.now() >= run.deadline) return outcome(false);
  }
}

/** Where the runs of the migration keep their progress (one item; the operator's job reads and writes it). */
export const OWNER_KINDS_PROGRESS_KEY = { pk: 'migration#owner-kinds', sk: 'progress' } as const;

export interface OwnerKindsProgress {
  done: boolean;
  cursor: MigrationCursor | null;
  runs: number;
  /** Pages holding a member's id, found so far. */
  collisions: string[];
  updatedAt: string;
  /** Set when the table was new with this version: nothing to migrate, nothing run. */
  startedFresh?: boolean;
}

/** The migration's saved progress; null before its first run. */
export async function ownerKindsProgress(): Promise<OwnerKindsProgress | null> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName(), Key: OWNER_KINDS_PROGRESS_KEY, ConsistentRead: true }));
  if (!Item) return null;
  return {
    done: Item.done === true,
    cursor: (Item.cursor as MigrationCursor | undefined) ?? null,
    runs: Number(Item.runs ?? 0),
    collisions: Item.collisions instanceof Set ? [...(Item.collisions as Set<string>)].sort() : [],
    updatedAt: str(Item.updatedAt),
    ...(Item.startedFresh ? { startedFresh: true } : {}),
  };
}

/** Records a table made with this version (nothing to migrate) as done, unless progress is already kept. */
export const markOwnerKindsFresh = (): Promise<void> => markMigrationFresh(OWNER_KINDS_PROGRESS_KEY);

/**
 * One run from the saved progress, saving where it stopped: what an operator's invocation does.
 * Answers the progress after it (with this run's counts). A run after the migration is done
 * walks the table again (finding nothing to do) only when `again` is set.
 */
export async function runOwnerKindsMigration(options: { deadline: number; logger: MigrationLogger; again?: boolean }): Promise<OwnerKindsProgress & { scanned: number; written: number }> {
  const before = await ownerKindsProgress();
  if (before?.done && !options.again) return { ...before, scanned: 0, written: 0 };
  const out = await migrateOwnerKinds({ cursor: before?.done ? null : (before?.cursor ?? null), deadline: options.deadline, logger: options.logger });
  const updatedAt = new Date().toISOString();
  await documentClient().send(new UpdateCommand({
    TableName: tableName(),
    Key: OWNER_KINDS_PROGRESS_KEY,
    UpdateExpression: `SET #done = :done, #at = :at${out.cursor ? ', #cursor = :cursor' : ''} ADD #runs :one${out.collisions.length ? ', #col :col' : ''}${out.cursor ? '' : ' REMOVE #cursor'}`,
    ExpressionAttributeNames: { '#done': 'done', '#at': 'updatedAt', '#cursor': 'cursor', '#runs': 'runs', ...(out.collisions.length ? { '#col': 'collisions' } : {}) },
    ExpressionAttributeValues: { ':done': out.done, ':at': updatedAt, ':one': 1, ...(out.cursor ? { ':cursor': out.cursor } : {}), ...(out.collisions.length ? { ':col': new Set(out.collisions) } : {}) },
  }));
  const after = (await ownerKindsProgress())!;
  options.logger.info(out.done ? 'the migration to owner kinds is done' : 'the migration to owner kinds goes on in the next run', { scanned: out.scanned, written: out.written, collisions: after.collisions });
  return { ...after, scanned: out.scanned, written: out.written };
}

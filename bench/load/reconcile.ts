/**
 * After a load run, or a fault: every counter the run touched recounted from its items (the feed
 * counters through functions/admin/recount.ts, the rest through functions/admin/recount-items.ts),
 * and the ledger checked against the table. A failed check is a drift:
 *   - a counter: `{ counter, key, stored, recounted }` as the recount answers it;
 *   - `write.readable`: a create that answered success and is not there (stored 0, recounted 1),
 *     or is there but its author cannot read it through the API;
 *   - `write.leftNothing`: a create that answered an error and left its item (stored 1, recounted 0);
 *   - `reaction.state`, `attendance.status`, `swap.status`: the member's last successful call
 *     is not what the table holds (1 and 0, or the statuses' index in a fixed list).
 */
import { recount } from '../../functions/admin/recount';
import {
  driftsOf, recountAttendance, recountConversation, recountMessageTally, recountSwapRecord, recountThread, type CounterRow,
} from '../../functions/admin/recount-items';
import { getItem } from '../../functions/db/batch';
import { attendanceKey } from '../../functions/db/entities/event';
import { commentClaimKey, commentReactionKey, postReactionKey } from '../../functions/db/entities/comment';
import { messageClaimKey } from '../../functions/db/entities/conversation';
import { postKey } from '../../functions/db/entities/post';
import { send, type Client } from './client';
import { inBatches, type Ledger, type World } from './mix';

export interface Reconciliation {
  /** Counters recounted (each a row compared). */
  counters: number;
  /** Ledger entries checked. */
  writes: number;
  drifts: CounterRow[];
}

const STATUSES = ['REQUESTED', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'HANDED_OVER', 'RECEIVED', 'GOING', 'MAYBE', 'NOT_GOING'];
const code = (s: unknown) => STATUSES.indexOf(String(s));

/** Where a create's item is: the claim of its client id, or the item itself. */
function createdKey(kind: Ledger['creates'][number]['kind'], id: string) {
  if (kind === 'post') return postKey(id);
  if (kind === 'comment') return commentClaimKey(id);
  if (kind === 'message') return messageClaimKey(id);
  return { pk: `swap#${id}`, sk: 'swap' };
}

async function checkLedger(client: Client, world: World, ledger: Ledger): Promise<{ rows: CounterRow[]; writes: number }> {
  const rows: CounterRow[] = [];
  let writes = 0;
  await inBatches(ledger.creates, 16, async (c) => {
    if (c.outcome === 'unknown') return;
    writes += 1;
    const item = await getItem(createdKey(c.kind, c.id), { consistent: true });
    const key = `${c.kind} ${c.id}`;
    if (c.outcome === 'error') {
      if (item) rows.push({ counter: 'write.leftNothing', key, stored: 1, recounted: 0 });
      return;
    }
    if (!item) {
      rows.push({ counter: 'write.readable', key, stored: 0, recounted: 1 });
      return;
    }
    // Readable through the API by its author, as the screen that shows it reads it.
    const path = c.kind === 'post' ? `/api/post/${c.id}` : c.kind === 'comment' ? `/api/post/${c.postId}` : c.kind === 'swap' ? '/api/iam/swaps/mine/asked' : null;
    if (!path) return;
    const res = await send<Record<string, unknown>>(client, c.author, 'GET', path);
    const seen = res.status === 200 && JSON.stringify(res.data).includes(c.id);
    if (!seen) rows.push({ counter: 'write.readable', key: `${key} (${path} answered ${res.status})`, stored: 0, recounted: 1 });
  });
  await inBatches([...ledger.reactions], 16, async ([k, on]) => {
    writes += 1;
    const [userId, reactionId] = k.split('|') as [string, string];
    const [kind, target] = reactionId.split('.') as [string, string];
    let key;
    if (kind === 'p') key = postReactionKey(target, userId);
    else {
      const claim = await getItem(commentClaimKey(target), { consistent: true });
      key = claim ? commentReactionKey(String(claim.postId), String(claim.path), userId) : null;
    }
    const there = key ? !!(await getItem(key, { consistent: true })) : false;
    if (there !== on) rows.push({ counter: 'reaction.state', key: k, stored: there ? 1 : 0, recounted: on ? 1 : 0 });
  });
  await inBatches([...ledger.attendance], 16, async ([k, status]) => {
    writes += 1;
    const [userId, dateId] = k.split('|') as [string, string];
    const [eventId, dateKey] = dateId.split('.') as [string, string];
    const item = await getItem(attendanceKey(eventId, dateKey, userId), { consistent: true });
    if (item?.status !== status) rows.push({ counter: 'attendance.status', key: k, stored: code(item?.status), recounted: code(status) });
  });
  await inBatches(world.swaps, 16, async (s) => {
    writes += 1;
    const item = await getItem({ pk: `swap#${s.id}`, sk: 'swap' }, { consistent: true });
    if (item?.status !== s.status) rows.push({ counter: 'swap.status', key: `swap#${s.id}`, stored: code(item?.status), recounted: code(s.status) });
  });
  return { rows, writes };
}

export async function reconcile(client: Client, world: World, ledger: Ledger): Promise<Reconciliation> {
  const rows: CounterRow[] = [];
  const add = (xs: readonly CounterRow[]): void => {
    rows.push(...xs);
  };
  // Feed counters per audience: the site's, every member's, every tag's; and the site's counts.
  const scopes = ['global', 'site', ...world.members.map((m) => `user#${m.uuid}`), ...world.tags.map((t) => `tag#${t}`)];
  await inBatches(scopes, 8, async (scope) => add((await recount(scope)).map(({ counter, key, stored, recounted }) => ({ counter, key, stored, recounted }))));
  await inBatches([...new Set(world.posts)], 16, async (id) => add(await recountThread(id)));
  await inBatches(world.conversations, 16, async (c) => add((await recountConversation(c.id)).rows));
  await inBatches(world.members, 16, async (m) => add(await recountMessageTally(`user#${m.uuid}`)));
  await inBatches(world.events, 8, async (e) => add(await recountAttendance(e.id)));
  await inBatches(world.members, 16, async (m) => add(await recountSwapRecord('user', m.uuid)));
  const ledgerCheck = await checkLedger(client, world, ledger);
  return { counters: rows.length, writes: ledgerCheck.writes, drifts: [...driftsOf(rows), ...ledgerCheck.rows] };
}


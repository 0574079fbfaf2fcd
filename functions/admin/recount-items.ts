/**
 * Recounting the counters kept on items beside what they count (the feed counters are
 * functions/admin/recount.ts's): each read is one partition or one list, never a Scan, and each
 * answers `{ counter, key, stored, recounted }` rows, as `recount` does, so a reconciliation (the
 * load run's, the fault tests', the stateful fuzzer's) lists every counter the same way.
 *
 *   - a post's thread (P5, `post#<id>`): the post's `reactionCount` (its `reaction#` items) and
 *     `commentCount` (its comments not hidden), each comment's `reactionCount` (its `!r#` items)
 *     and `replyCount` (every descendant, at any depth);
 *   - a conversation (M1, `conv#<id>`): each participant's `unread` (messages after its read mark,
 *     not its own, not withheld from it) and its place in the unread index (M5b: filed exactly
 *     while unread and not muted);
 *   - a member's or a page's message tally (`msg-tally`): the unread of its conversations not
 *     muted, from its participant items (M4, gsi2 `convsof#`);
 *   - an event (E4, `event#<id>`): each date's counts (going, maybe, not going, waiting) from its
 *     attendance items;
 *   - a swap record (W5): `completed` from the swaps either side received (W2, W3), `reviews` and
 *     `positive` from the reviews shown on the record's gsi1 partition.
 *
 * Writes may go on while these read: reconcile a quiet table, or recount again before acting on
 * a drift.
 */
import { SWAP_POSITIVE_RATING } from '../../shared/schemas/swaps';
import { getItem, queryAll, type RawItem } from '../db/batch';
import { postPk } from '../db/entities/post';
import { swapRecordKey, swapRecordPk, RECORD_SORT, type RecordOwnerType } from '../db/items/swap-record';
import type { RecountRow } from './recount';

/** A counter as a reconciliation lists it. */
export type CounterRow = Pick<RecountRow, 'counter' | 'key' | 'stored' | 'recounted'>;

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

const row = (counter: string, key: string, stored: unknown, recounted: number): CounterRow => ({ counter, key, stored: num(stored), recounted });

/** A post's counts and its comments', from its partition (one Query, paged). Nothing when the post is gone. */
export async function recountThread(postId: string): Promise<CounterRow[]> {
  const pk = postPk(postId);
  const items = await queryAll(pk);
  const post = items.find((i) => i.sk === 'post');
  if (!post) return [];
  const comments = items.filter((i) => /^comment#[^!]+$/.test(String(i.sk)));
  const rows = [
    row('post.reactionCount', `${pk} post`, post.reactionCount, items.filter((i) => String(i.sk).startsWith('reaction#')).length),
    row('post.commentCount', `${pk} post`, post.commentCount, comments.filter((c) => !c.hiddenAt).length),
  ];
  for (const c of comments) {
    const sk = String(c.sk);
    rows.push(
      row('comment.reactionCount', `${pk} ${sk}`, c.reactionCount, items.filter((i) => String(i.sk).startsWith(`${sk}!r#`)).length),
      row('comment.replyCount', `${pk} ${sk}`, c.replyCount, comments.filter((d) => String(d.sk).startsWith(`${sk}/`)).length),
    );
  }
  return rows;
}

/** Messages of a conversation after a participant's read mark, not its own and not withheld from it. */
export function unreadOf(participant: Record<string, unknown>, items: readonly Record<string, unknown>[]): number {
  const mark = participant.lastReadKey ? String(participant.lastReadKey) : '';
  return items.filter((i) => {
    if (!String(i.sk).startsWith('msg#') || String(i.sk) <= mark || i.withheld) return false;
    const fromPage = typeof i.asPageId === 'string';
    return participant.participantType === 'page' ? !fromPage : fromPage || i.senderId !== participant.participantId;
  }).length;
}

/** Filed in the unread index exactly while unread and not muted (M5b). */
const shouldBeFiled = (p: RawItem, unread: number): boolean => unread > 0 && !p.muted;

/**
 * Each participant's unread and its place in the unread index, from the conversation's partition.
 * Answers the participants too, with what each recounts to (for the tallies).
 */
export async function recountConversation(conversationId: string): Promise<{ rows: CounterRow[]; participants: { item: RawItem; unread: number }[] }> {
  const pk = `conv#${conversationId}`;
  const items = await queryAll(pk);
  const participants = items.filter((i) => String(i.sk).startsWith('part#')).map((item) => ({ item, unread: unreadOf(item, items) }));
  const rows: CounterRow[] = [];
  for (const { item, unread } of participants) {
    const key = `${pk} ${String(item.sk)}`;
    rows.push(row('participant.unread', key, item.unread, unread));
    const filed = item.gsi3pk === `unread#${String(item.participantType)}#${String(item.participantId)}` && item.gsi3sk === conversationId;
    rows.push(row('participant.unreadIndex', key, filed ? 1 : 0, shouldBeFiled(item, unread) ? 1 : 0));
  }
  return { rows, participants };
}

/** A member's or a page's message tally (`user#<id>` or `page#<id>`): its conversations' unread, muted ones left out. */
export async function recountMessageTally(owner: string): Promise<CounterRow[]> {
  const [type, id] = owner.split('#') as [string, string];
  const mine = await queryAll(`convsof#${type}#${id}`, { index: 'gsi2' });
  let sum = 0;
  for (const p of mine) {
    const { participants } = await recountConversation(String(p.conversationId));
    const me = participants.find(({ item }) => item.sk === `part#${type}#${id}`);
    if (me && !me.item.muted) sum += me.unread;
  }
  const tally = await getItem({ pk: owner, sk: 'msg-tally' }, { consistent: true });
  return [row('msg-tally.unread', `${owner} msg-tally`, tally?.unread, sum)];
}

const BUCKETS = ['going', 'maybe', 'notGoing', 'waiting'] as const;

/** Each date's attendance counts of an event, from its partition. */
export async function recountAttendance(eventId: string): Promise<CounterRow[]> {
  const pk = `event#${eventId}`;
  const items = await queryAll(pk);
  const recounted = new Map<string, Record<(typeof BUCKETS)[number], number>>();
  const dateOf = (sk: string) => sk.split('#')[1]!;
  const zero = () => ({ going: 0, maybe: 0, notGoing: 0, waiting: 0 });
  for (const i of items) {
    const sk = String(i.sk);
    if (sk.startsWith('count#')) recounted.set(dateOf(sk), recounted.get(dateOf(sk)) ?? zero());
    if (!sk.startsWith('attend#')) continue;
    const counts = recounted.get(dateOf(sk)) ?? zero();
    counts[i.waiting ? 'waiting' : i.status === 'GOING' ? 'going' : i.status === 'MAYBE' ? 'maybe' : 'notGoing'] += 1;
    recounted.set(dateOf(sk), counts);
  }
  const rows: CounterRow[] = [];
  for (const [date, counts] of recounted) {
    const stored = items.find((i) => i.sk === `count#${date}`);
    for (const b of BUCKETS) rows.push(row(`event-date.${b}`, `${pk} count#${date}`, stored?.[b], counts[b]));
  }
  return rows;
}

/** A member's or a page's swap record: completed swaps on either side, and its shown reviews. */
export async function recountSwapRecord(type: RecordOwnerType, id: string): Promise<CounterRow[]> {
  const [asked, offered, shown, record] = await Promise.all([
    type === 'user' ? queryAll(`swapsby#user#${id}`, { index: 'gsi1' }) : Promise.resolve([]),
    queryAll(`swapsto#${type}#${id}`, { index: 'gsi2' }),
    queryAll(swapRecordPk(type, id), { index: 'gsi1' }),
    getItem(swapRecordKey(type, id), { consistent: true }),
  ]);
  const received = [...asked, ...offered].filter((s) => s.status === 'RECEIVED').length;
  const reviews = shown.filter((r) => r.gsi1sk !== RECORD_SORT);
  const key = `${swapRecordPk(type, id)} record`;
  return [
    row('swap-record.completed', key, record?.completed, received),
    row('swap-record.reviews', key, record?.reviews, reviews.length),
    row('swap-record.positive', key, record?.positive, reviews.filter((r) => num(r.rating) >= SWAP_POSITIVE_RATING).length),
  ];
}

/** The rows whose stored value is not what was recounted. */
export const driftsOf = (rows: readonly CounterRow[]): CounterRow[] => rows.filter((r) => r.stored !== r.recounted).map(({ counter, key, stored, recounted }) => ({ counter, key, stored, recounted }));

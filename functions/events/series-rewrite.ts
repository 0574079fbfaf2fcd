/** Rewriting a series from a pivot on, and dropping the dates past a series' new end. */
import { type FutureDatesInput } from '../../shared/schemas/events';
import { type EventDateItem, type EventItem } from '../db/entities/event';
import { writeItems, type TxItem } from '../db/transact';
import { badRequest, conflict } from '../lib/errors';
import { assertEditorKept, countsOf, datesOf, getEvent } from './events';
import { checkRrule, localDay, normaliseRrule } from './recurrence';
import { DATES_PER_TX, type DateChange, applyDateChanges, assertRoomFor, attending, checkWhen, createDates, eventPut, iso, newDate, removeUnattended, seriesDates, seriesEnd } from './event-writes';

/**
 * Rewrites a series from `from` on: the new rule from `first`. Dates from `from` that were not
 * edited by hand and are not over move to the new date of the same local day (kept: their
 * attendees with them), or are cancelled when people attend (they are told) and removed when
 * nobody does. Dates of the new rule that no old date became are added.
 */
export async function rewriteFuture(first: EventItem, input: FutureDatesInput, actorId: string, guard: TxItem[] = []): Promise<EventItem> {
  const why = checkRrule(input.recurrence.rrule);
  if (why) throw badRequest(why, 'recurrence.rrule');
  const nowMs = Date.now();
  checkWhen([input.first], 'first', nowMs);
  if (input.first.startsAt < input.from) throw badRequest('must not be before from', 'first.startsAt');
  const now = iso(nowMs);
  const seriesUntil = seriesEnd(input.recurrence.until, input.first.startsAt, nowMs, 'recurrence.until');
  const durationMs = Date.parse(input.first.endsAt) - Date.parse(input.first.startsAt);
  const after: EventItem = {
    ...first, rrule: normaliseRrule(input.recurrence.rrule), seriesStart: input.first.startsAt, durationMs, seriesUntil, updatedAt: now,
  };
  delete after.endingToldFor;
  const wanted = [new Date(input.first.startsAt), ...seriesDates(after, Date.parse(input.first.startsAt), nowMs)]
    .filter((d, i, all) => i === 0 || d.getTime() !== all[0]!.getTime())
    .slice(0, DATES_PER_TX);
  after.materialisedUntil = wanted.at(-1)!.toISOString();
  const byDay = new Map(wanted.map((d) => [localDay(d, first.timeZone), d]));

  const all = await datesOf(first.id, true);
  // Dates that are over are history: a pivot in the past neither moves, cancels nor removes them.
  const dates = all.filter((d) => d.startsAt >= input.from && !d.edited && Date.parse(d.endsAt) >= nowMs);
  const changes: DateChange[] = [];
  const removed: EventDateItem[] = [];
  const counts = await countsOf(dates, true);
  const kept = new Set<string>();
  for (const d of dates) {
    const target = byDay.get(localDay(new Date(d.startsAt), first.timeZone));
    if (target && !kept.has(target.toISOString())) {
      kept.add(target.toISOString());
      const startsAt = target.toISOString();
      const endsAt = iso(target.getTime() + durationMs);
      if (startsAt !== d.startsAt || endsAt !== d.endsAt || d.cancelled) {
        changes.push({ before: d, after: { ...d, startsAt, endsAt, cancelled: false, reminderSent: false, sequence: d.sequence + 1, updatedAt: now }, tell: 'moved' });
      }
    } else if (attending(counts.get(`${d.eventId}.${d.dateKey}`))) {
      if (!d.cancelled) changes.push({ before: d, after: { ...d, cancelled: true, sequence: d.sequence + 1, updatedAt: now }, tell: 'cancelled' });
    } else {
      removed.push(d);
    }
  }
  const starts = new Set(all.map((d) => d.startsAt));
  assertRoomFor(all.length - removed.length, wanted.filter((w) => !kept.has(w.toISOString()) && !starts.has(w.toISOString())).length, 'recurrence');
  const items = [eventPut(first, after), ...guard];
  const out = await writeItems(items);
  assertEditorKept(out, items);
  if (out.canceled) throw conflict('The event changed meanwhile; reload and try again');
  await applyDateChanges(after, changes, actorId, now);
  await removeUnattended(first.id, removed);
  const existingKeys = new Set((await datesOf(first.id, true)).map((d) => d.startsAt));
  const fresh = wanted.filter((w) => !kept.has(w.toISOString()) && !existingKeys.has(w.toISOString())).map((w) => newDate(after, w.toISOString(), iso(w.getTime() + durationMs), now));
  await createDates(first.id, fresh);
  return (await getEvent(first.id, true)) ?? after;
}

/**
 * After a series' end moved earlier: its dates past the new end go by the rules of
 * `rewriteFuture`. Dates edited by hand are kept, and dates that are over are history; the others
 * are cancelled when people attend (they are told) and removed when nobody does. A date someone
 * attends between the read and its removal is cancelled instead. Answers how many changed.
 */
export async function dropDatesPastEnd(event: EventItem, actorId: string): Promise<number> {
  if (!event.seriesUntil) return 0;
  const nowMs = Date.now();
  const now = iso(nowMs);
  const past = (await datesOf(event.id, true)).filter((d) => d.startsAt > event.seriesUntil! && !d.edited && Date.parse(d.endsAt) >= nowMs);
  const counts = await countsOf(past, true);
  const cancel = (d: EventDateItem): DateChange => ({ before: d, after: { ...d, cancelled: true, sequence: d.sequence + 1, updatedAt: now }, tell: 'cancelled' });
  const attended = past.filter((d) => attending(counts.get(`${d.eventId}.${d.dateKey}`)));
  const changes = attended.filter((d) => !d.cancelled).map(cancel);
  const left = await removeUnattended(event.id, past.filter((d) => !attended.includes(d)));
  // Someone answered between the read and the removal: that date is cancelled instead.
  const reread = left.length ? await datesOf(event.id, true) : [];
  const still = reread.filter((d) => left.some((l) => l.dateKey === d.dateKey) && !d.cancelled).map(cancel);
  await applyDateChanges(event, [...changes, ...still], actorId, now);
  return changes.length + still.length + (past.length - attended.length - left.length);
}

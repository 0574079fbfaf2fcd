/**
 * A month of dates as a calendar grid (Monday first): each day lists its events, cancelled ones
 * struck through; the buttons move a month. A date sits on its day at the event's place. On a
 * phone the grid keeps seven narrow columns and shows a dot per event, each cell one tap target,
 * with the chosen day's list below. The grid is one tab stop: the arrow keys move a day or a week,
 * Home and End to the week's ends, Page Up and Page Down a month (the WAI-ARIA date grid).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { EventDateCard } from '@shared/answers/events';
import { eventHref } from '@/config/paths';
import { dateRange, formatFullDay, formatMonth } from '@/lib/format-date';
import { localParts } from '../lib/local-times';

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const daysIn = (year: number, month: number) => new Date(year, month + 1, 0).getDate();

const dayKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function MonthView({ dates }: { dates: EventDateCard[] }) {
  const [month, setMonth] = useState(() => {
    // The month of the next date (the first not yet over); when all are over, of the first.
    const now = Date.now();
    const next = dates.find((d) => Date.parse(d.date.endsAt) >= now) ?? dates[0];
    const first = next ? localParts(next.date.startsAt, next.event.timeZone).date : dayKey(new Date());
    return new Date(Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 1, 1);
  });
  const [chosen, setChosen] = useState<string | null>(null);
  // The day that takes the keyboard's focus in the grid (one tab stop; the arrows move it).
  const [focusDay, setFocusDay] = useState<number | null>(null);
  const focusNext = useRef(false);
  const grid = useRef<HTMLDivElement>(null);
  const byDay = useMemo(() => {
    const map = new Map<string, EventDateCard[]>();
    for (const d of dates) {
      // The day at the event's place: a 10:00 swap in Sydney is on that day wherever the reader is.
      const key = localParts(d.date.startsAt, d.event.timeZone).date;
      map.set(key, [...(map.get(key) ?? []), d]);
    }
    return map;
  }, [dates]);
  const lead = (month.getDay() + 6) % 7;
  const days = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
  const cells = [...Array.from({ length: lead }, () => null), ...Array.from({ length: days }, (_, i) => new Date(month.getFullYear(), month.getMonth(), i + 1))];
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const title = formatMonth(month);
  const move = (by: number) => {
    setMonth(new Date(month.getFullYear(), month.getMonth() + by, 1));
    setChosen(null);
    setFocusDay(null);
  };
  const today = dayKey(new Date());
  const listed = chosen ? (byDay.get(chosen) ?? []) : [];
  // The tab stop: the day last moved to, else the chosen day, else the first day with an event, else the 1st.
  const firstBusy = cells.find((d) => d && byDay.has(dayKey(d)));
  const chosenHere = cells.find((d) => d && dayKey(d) === chosen);
  const stop = focusDay ?? (chosenHere ?? firstBusy)?.getDate() ?? 1;

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${stop}"]`)?.focus();
  });

  /** Arrows move a day or a week (into the next or previous month past its ends), Home/End to the week's ends, Page Up/Down a month. */
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const weekday = (day.getDay() + 6) % 7;
    const by: Record<string, () => Date> = {
      ArrowRight: () => addDays(day, 1),
      ArrowLeft: () => addDays(day, -1),
      ArrowDown: () => addDays(day, 7),
      ArrowUp: () => addDays(day, -7),
      Home: () => addDays(day, -weekday),
      End: () => addDays(day, 6 - weekday),
      PageDown: () => new Date(day.getFullYear(), day.getMonth() + 1, Math.min(day.getDate(), daysIn(day.getFullYear(), day.getMonth() + 1))),
      PageUp: () => new Date(day.getFullYear(), day.getMonth() - 1, Math.min(day.getDate(), daysIn(day.getFullYear(), day.getMonth() - 1))),
    };
    const to = by[e.key]?.();
    if (!to) return;
    e.preventDefault();
    if (to.getMonth() !== month.getMonth() || to.getFullYear() !== month.getFullYear()) setMonth(new Date(to.getFullYear(), to.getMonth(), 1));
    setFocusDay(to.getDate());
    focusNext.current = true;
  };

  return (
    <section aria-label={`Calendar, ${title}`} className="space-y-3">
      <div className="flex items-center justify-between">
        <button type="button" className="min-h-11 rounded-md px-3 font-semibold text-primary-800 hover:bg-primary-50" onClick={() => move(-1)} aria-label="Previous month">
          ‹
        </button>
        <h3 className="font-semibold text-gray-900" aria-live="polite">
          {title}
        </h3>
        <button type="button" className="min-h-11 rounded-md px-3 font-semibold text-primary-800 hover:bg-primary-50" onClick={() => move(1)} aria-label="Next month">
          ›
        </button>
      </div>
      <div ref={grid} role="grid" aria-label={title} className="grid grid-cols-7 gap-px overflow-hidden rounded-xl border border-gray-200 bg-gray-200">
        <div role="row" className="contents">
          {WEEK.map((w) => (
            <div role="columnheader" key={w} className="bg-gray-50 py-1 text-center text-xs font-semibold text-gray-600">
              {w}
            </div>
          ))}
        </div>
        {weeks.map((week, w) => (
          <div role="row" key={w} className="contents">
            {week.map((day, i) => {
              if (!day) return <div role="gridcell" key={`lead-${i}`} className="min-h-16 bg-white sm:min-h-24" />;
              const key = dayKey(day);
              const here = byDay.get(key) ?? [];
              return (
                <div role="gridcell" key={key} aria-selected={chosen === key} className={`flex min-h-16 flex-col bg-white sm:min-h-24 ${key === today ? 'ring-2 ring-inset ring-primary-300' : ''}`}>
                  {/* The whole cell is the target on a phone; on wider screens the day number, with the titles below. */}
                  <button
                    type="button"
                    data-day={day.getDate()}
                    tabIndex={day.getDate() === stop ? 0 : -1}
                    onKeyDown={(e) => onKey(e, day)}
                    onClick={() => {
                      setFocusDay(day.getDate());
                      if (here.length) setChosen(chosen === key ? null : key);
                    }}
                    aria-label={`${formatFullDay(day)}: ${here.length ? `${here.length} ${here.length === 1 ? 'event' : 'events'}` : 'no events'}`}
                    className={`flex min-h-16 w-full flex-1 flex-col items-start p-1 text-left text-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary-700 sm:min-h-0 sm:flex-none ${here.length ? 'font-bold text-primary-900' : 'text-gray-500'}`}
                  >
                    {day.getDate()}
                    {here.length ? (
                      <span aria-hidden="true" className="mt-1 flex gap-0.5 sm:hidden">
                        {here.slice(0, 4).map((d) => (
                          <span key={d.date.id} className="size-1.5 rounded-full bg-primary-700" />
                        ))}
                      </span>
                    ) : null}
                  </button>
                  <ul className="hidden space-y-0.5 px-1 pb-1 sm:block">
                    {here.slice(0, 3).map((d) => (
                      <li key={d.date.id} className="truncate text-xs">
                        <Link to={eventHref(d.event.randomId)} className={`text-primary-800 hover:underline ${d.date.cancelled ? 'line-through' : ''}`}>
                          {d.event.title}
                        </Link>
                      </li>
                    ))}
                    {here.length > 3 ? <li className="text-xs text-gray-600">+{here.length - 3} more</li> : null}
                  </ul>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {chosen ? (
        <ul aria-label="Events of the chosen day" className="space-y-1">
          {listed.map((d) => (
            <li key={d.date.id} className="text-sm">
              <Link to={eventHref(d.event.randomId)} className={`font-semibold text-primary-800 hover:underline ${d.date.cancelled ? 'line-through' : ''}`}>
                {d.event.title}
              </Link>{' '}
              <span className="text-gray-700">{dateRange(d.date.startsAt, d.date.endsAt, d.event.timeZone)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

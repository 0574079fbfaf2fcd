/**
 * VTIMEZONE components (RFC 5545 §3.6.5) from nothing but Intl: the zone's UTC offsets over a
 * span, each change of offset found by bisection and written as a STANDARD or DAYLIGHT block with
 * its onset. The block holds for the span it was made for, which is what a calendar file needs:
 * every local time in the file lies within it.
 */
import { floating, wallClockOf, wallOfFloating } from '../../shared/zoned-time';

const DAY_MS = 86_400_000;

/** How far the zone's clocks are ahead of UTC at an instant (ms). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return floating(wallClockOf(new Date(whole), timeZone)).getTime() - whole;
}

export interface OffsetChange {
  /** The first instant (whole second) with the new offset. */
  at: number;
  from: number;
  to: number;
}

/**
 * The zone's offset at `fromMs` and its changes up to `toMs`. The span is sampled daily (no zone
 * changes twice within a day), and each change is narrowed to the second by bisection.
 */
export function offsetChanges(timeZone: string, fromMs: number, toMs: number): { initial: number; changes: OffsetChange[] } {
  const initial = offsetAt(fromMs, timeZone);
  const changes: OffsetChange[] = [];
  let lo = fromMs;
  let before = initial;
  for (let t = Math.min(fromMs + DAY_MS, toMs); ; t = Math.min(t + DAY_MS, toMs)) {
    const after = offsetAt(t, timeZone);
    if (after !== before) {
      // Offset `before` at lo, `after` at hi: narrow to the first second with `after`.
      let [a, b] = [Math.floor(lo / 1000), Math.floor(t / 1000)];
      while (b - a > 1) {
        const mid = Math.floor((a + b) / 2);
        if (offsetAt(mid * 1000, timeZone) === before) a = mid;
        else b = mid;
      }
      changes.push({ at: b * 1000, from: before, to: offsetAt(b * 1000, timeZone) });
      before = after;
    }
    lo = t;
    if (t >= toMs) break;
  }
  return { initial, changes };
}

/** An offset as iCalendar writes it: +1000, -0330, +054500. */
function utcOffset(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const s = Math.abs(ms) / 1000;
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(h)}${pad(m)}${sec ? pad(sec) : ''}`;
}

/** A local time as iCalendar writes it (no zone): 20261004T020000. */
function localText(floatingMs: number): string {
  const w = wallOfFloating(new Date(floatingMs));
  const pad = (n: number, l = 2) => String(n).padStart(l, '0');
  return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

/**
 * The VTIMEZONE of a zone over [fromMs, toMs]: a first block with the offset at `fromMs`, then one
 * per change, whose onset is written in local time before the change (as RFC 5545 says). A change
 * to the larger of the span's offsets is DAYLIGHT, any other STANDARD; a zone without changes in
 * the span gets one STANDARD block.
 */
export function vtimezone(timeZone: string, fromMs: number, toMs: number): string {
  const { initial, changes } = offsetChanges(timeZone, fromMs, toMs);
  const largest = Math.max(initial, ...changes.map((c) => c.to));
  const smallest = Math.min(initial, ...changes.map((c) => c.to));
  const kind = (offset: number) => (offset === largest && largest !== smallest ? 'DAYLIGHT' : 'STANDARD');
  const block = (onsetLocalMs: number, from: number, to: number) => [
    `BEGIN:${kind(to)}`,
    `DTSTART:${localText(onsetLocalMs)}`,
    `TZOFFSETFROM:${utcOffset(from)}`,
    `TZOFFSETTO:${utcOffset(to)}`,
    `END:${kind(to)}`,
  ];
  // The first onset: the start of the span's first local day, so it comes before every time in it.
  const firstLocal = Math.floor((Math.floor(fromMs / 1000) * 1000 + initial) / DAY_MS) * DAY_MS;
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    `X-LIC-LOCATION:${timeZone}`,
    ...block(firstLocal, initial, initial),
    ...changes.flatMap((c) => block(c.at + c.from, c.from, c.to)),
    'END:VTIMEZONE',
  ].join('\r\n');
}

/** ical-generator's `timezone.generator` for a span: the VTIMEZONE of each zone a file names. */
export const vtimezoneGenerator = (fromMs: number, toMs: number) => (timeZone: string): string => vtimezone(timeZone, fromMs, toMs);

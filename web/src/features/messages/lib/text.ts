/** Messages grouped by day (links in their text are lib/link-parts.ts's). */
import { formatLongDay } from '@/lib/format-date';

export interface DayGroup<T> {
  /** The local day, YYYY-MM-DD. */
  day: string;
  items: T[];
}

function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Items (oldest first) grouped by their local day, in order. */
export function groupByDay<T extends { createdAt: string }>(items: T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const day = localDay(item.createdAt);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/** "Today", "Yesterday", or the date. */
export function dayLabel(day: string, now = new Date()): string {
  const today = localDay(now.toISOString());
  const yesterday = localDay(new Date(now.getTime() - 86_400_000).toISOString());
  if (day === today) return 'Today';
  if (day === yesterday) return 'Yesterday';
  const [y, m, d] = day.split('-').map(Number);
  return formatLongDay(new Date(y!, m! - 1, d!), { now: now.getTime() });
}

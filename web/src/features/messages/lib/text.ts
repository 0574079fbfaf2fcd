/** Message text: links found in plain text (shown as links, never as HTML), and messages grouped by day. */
import { formatLongDay } from '@/lib/format-date';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the link. */
const TRAILING = /^[.,;:!?)\]}'"]$/;

/** The text cut into plain parts and http(s) links. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let url = match[0];
    // Trailing punctuation ends the sentence, except a closing bracket the link itself opened.
    while (TRAILING.test(url.slice(-1))) {
      const last = url.slice(-1);
      if (last === ')' && url.split('(').length > url.split(')').length - 1) break;
      url = url.slice(0, -1);
    }
    if (!url.length) continue;
    let href: string;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') continue;
      href = parsed.href;
    } catch {
      continue;
    }
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', text: url, href });
    at = start + url.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

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

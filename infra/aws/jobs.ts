/**
 * The jobs: handlers under functions/ that no HTTP route calls. Scheduled jobs run from an
 * EventBridge rule; the stream job runs from the table's stream, on the changes its trigger names;
 * socket jobs answer the routes of the WebSocket API; manual jobs (data migrations) run only when an
 * operator invokes them. Plain data shared by the bundler (one bundle per job,
 * `<outDir>/job-<name>/index.mjs`) and the stack (infra/aws/scheduled-jobs.ts,
 * infra/aws/stream-jobs.ts, infra/aws/realtime-api.ts and infra/aws/manual-jobs.ts: the job's
 * Lambda, log group, role and rule, event source or route). A job's access is spelled out action by action: it gets exactly
 * this, never a route grant.
 */
import { CONNECTION_KEY_PREFIX } from '../../functions/db/entities/realtime';
import { TABLE } from '../../functions/db/table';
import { EXPORT_JOB } from '../../functions/lib/route-jobs';
import { APP_NAME } from './naming';

/** Item actions a job may be allowed on the table's items, beyond DeleteItem (Scan only as `scanTable`). */
export type ItemAction = 'GetItem' | 'BatchGetItem' | 'PutItem' | 'UpdateItem' | 'BatchWriteItem' | 'ConditionCheckItem';

export interface JobAccess {
  /** Indexes of the table the job may Query (never Scan). */
  queryIndexes: readonly string[];
  /** Query on the table itself (every item of a partition). */
  queryTable?: boolean;
  /**
   * Scan of the table itself: only for a job an operator invokes by hand (`MANUAL_JOBS`), never a
   * scheduled or stream job, never a route (`checkJob` refuses it elsewhere).
   */
  scanTable?: boolean;
  /** DeleteItem on the table's items. */
  deleteItems: boolean;
  /**
   * Further actions on the table's items. A transaction (TransactWriteItems) is authorised item by
   * item: PutItem, UpdateItem, DeleteItem or ConditionCheckItem for each kind of item it holds.
   */
  itemActions?: readonly ItemAction[];
  /** Key patterns in the images bucket the job may delete (`images/...`, or `private/...`). */
  deleteImages: readonly string[];
  /** GetObject on the images bucket's public prefix (`images/*`). */
  readImages?: boolean;
  /** Key patterns under `private/` the job may write (PutObject, a multipart upload and its abort). */
  writePrivate?: readonly string[];
  /** Key patterns under `private/` the job may read (GetObject). */
  readPrivate?: readonly string[];
  /** Sends e-mail (SES, from the stage's MAIL_FROM). */
  mail?: boolean;
  /**
   * Manages the sockets of the stage's WebSocket API (execute-api:ManageConnections on its stage's
   * connections, and REALTIME_CALLBACK_URL, infra/aws/realtime-api.ts): `POST` posts frames,
   * `DELETE` closes connections. No route handler ever gets either.
   */
  manageConnections?: readonly ('POST' | 'DELETE')[];
  /** Reads the site's public origin (SITE_ORIGIN) without sending mail: the handshake's origin check. */
  siteOrigin?: boolean;
  /**
   * Signs with the stage's signing key (the unsubscribe links of the mails it sends): its ARN
   * (SIGNING_SECRET_ARN), the secrets extension layer to read it with, and GetSecretValue on that
   * secret alone (functions/lib/secrets.ts).
   */
  signing?: boolean;
  /**
   * Replays the notes of the stream jobs' on-failure queues (functions/system/stream-replay.ts):
   * receives and deletes those notes (sqs:ReceiveMessage, sqs:DeleteMessage on the queues), reads
   * the table's stream at a note's position (dynamodb:GetShardIterator, dynamodb:GetRecords on the
   * stream) and hands the records to the stream job (lambda:InvokeFunction on its function alone).
   * Granted by infra/aws/manual-jobs.ts, so only a job an operator invokes (`checkJob`).
   */
  replayStream?: boolean;
}

/** What every job has, whatever runs it. */
export interface JobBase {
  /** Kebab case; names the bundle folder, the log group and the construct ids. */
  name: string;
  /** Module under functions/ (without extension) exporting `handler(event, context)`. */
  handler: string;
  description: string;
  memoryMb: number;
  /** At most 900 (Lambda's limit). */
  timeoutSeconds: number;
  access: JobAccess;
}

export interface JobDef extends JobBase {
  everyMinutes: number;
  /** The handler stops a minute before this and leaves the rest for the next run. */
  timeoutSeconds: number;
}

/** One kind of change of the table's stream a stream job is invoked for. */
export interface StreamFilter {
  /** What the change is passed on for (the part of the job that handles it). */
  for: string;
  /** Stream event names passed on. */
  events: readonly ('INSERT' | 'MODIFY' | 'REMOVE')[];
  /** ElectroDB entity names (`__edb_e__`) the new image must have. */
  entities: readonly string[];
  /** Attributes the new image must hold. */
  newImageHas: readonly string[];
  /** How the item's `pk` starts (its key: a removal's record carries no image). */
  keyPrefix?: string;
}

/** Which changes of the table's stream invoke a stream job (the event source mapping's filters), and how. */
export interface StreamTrigger {
  /**
   * A change any of these admits is passed on (at most 5: Lambda's limit per mapping). Keep one
   * spare: new work on an entity's changes joins the entity filter of its events, not a filter of
   * its own.
   */
  filters: readonly StreamFilter[];
  /** Records per invocation. */
  batchSize: number;
  /** Retries of a failed record (the batch is split first to isolate it) before it is given up. */
  retryAttempts: number;
  /** A record older than this is given up (the stream keeps records 24 hours). */
  maxRecordAgeHours: number;
}

export interface StreamJobDef extends JobBase {
  trigger: StreamTrigger;
}

/** A job an operator invokes by hand (`aws lambda invoke`, docs/operations.md): no rule, no event source. */
export interface ManualJobDef extends JobBase {
  invokedBy: 'operator';
}

/**
 * A job a route starts (an asynchronous Invoke by the routes granted `export:start`): its function
 * has a fixed name (`routeJobFunctionName`), so a route's role names it without a reference
 * across stacks. Not retried by Lambda: the work's state item says what happened.
 */
export interface RouteJobDef extends JobBase {
  invokedBy: 'route';
}

/** A started job's function name: the app, the stage and the job (at most 64 characters). */
export function routeJobFunctionName(stage: string, job: string): string {
  return `${APP_NAME}-${stage}-${job}`;
}

/** A handler of one route of the WebSocket API (`$connect`, `$disconnect`, `$default`). */
export interface SocketJobDef extends JobBase {
  routeKey: '$connect' | '$disconnect' | '$default';
}

export const JOBS = [
  {
    name: 'sweep-uploads',
    handler: 'images/sweep-uploads',
    description: 'Removes post photo, message photo, avatar, page image and event cover uploads never used within a day, and replaced ones: the object, then its pending record',
    everyMinutes: 60,
    memoryMb: 256,
    timeoutSeconds: 300,
    access: { queryIndexes: ['gsi2'], deleteItems: true, deleteImages: ['images/posts/*', 'images/avatars/*', 'images/pages/*', 'images/events/*', 'private/messages/*'] },
  },
  {
    name: 'event-schedule',
    handler: 'events/scheduled',
    description: 'Extends recurring events 8 weeks ahead (each date written once, keyed by series and start), tells owners when a series runs out, sends the day-before reminders once each, and finishes attendee work left by large date changes',
    everyMinutes: 60,
    memoryMb: 256,
    timeoutSeconds: 300,
    // extendSeries reads the due series by gsi3 and each template (GetItem), writes dates in
    // transactions with the template's count, then puts the template; sendReminders reads the
    // dates due by gsi3 and their attendance (table Query), writes each reminder with its flag,
    // and reads the member and their settings for the e-mail (whose unsubscribe link it signs). It finishes the attendee work
    // requests left (E9): reads the markers (table Query), the dates' counts (BatchGet), moves
    // waiting members up (a transaction with a check of the date) and deletes each marker done.
    access: {
      queryTable: true,
      queryIndexes: ['gsi3'],
      deleteItems: true,
      itemActions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'],
      deleteImages: [],
      mail: true,
      // The reminders' one-click unsubscribe links (functions/lib/outbound/unsubscribe.ts).
      signing: true,
    },
  },
  {
    name: 'swap-reviews',
    handler: 'swaps/scheduled',
    description: 'Closes swap review windows 14 days after the plant was received: shows each lone review and counts it in its subject\'s record, then removes the window',
    everyMinutes: 60,
    memoryMb: 256,
    timeoutSeconds: 300,
    // closeReviewWindows reads the windows due (table Query of swapwork), the swap's two reviews
    // (BatchGet), then in one transaction shows each lone one (UpdateItem, guarded), adds to its
    // subject's record (UpdateItem), checks that a side without a review still has none
    // (ConditionCheckItem) and deletes the window.
    access: { queryTable: true, queryIndexes: [], deleteItems: true, itemActions: ['BatchGetItem', 'UpdateItem', 'ConditionCheckItem'], deleteImages: [] },
  },
  {
    name: 'notify-mail',
    handler: 'mail/send-due',
    description: 'Mails unread messages, unseen comments and event changes once they have waited NOTIFY_MAIL_DELAY_SECONDS, at most once an hour per conversation, post or event',
    everyMinutes: 1,
    memoryMb: 256,
    timeoutSeconds: 50,
    // sendDueMail reads the due items by gsi3 (mail#due) and each item (GetItem); claims and
    // finishes it with single-item transactions (UpdateItem); reads the conversation's side
    // (GetItem) and its messages (BatchGet), or the notifications (BatchGet); the page's staff by
    // gsi2 (pagemembers#); each recipient, their settings and blocks (GetItem, BatchGet); and
    // signs each mail's one-click unsubscribe link.
    access: {
      queryIndexes: ['gsi2', 'gsi3'],
      deleteItems: false,
      itemActions: ['GetItem', 'BatchGetItem', 'UpdateItem'],
      deleteImages: [],
      mail: true,
      signing: true,
    },
  },
  {
    name: 'send-announcements',
    handler: 'mail/send-announcements',
    description: 'Mails the running announcement to its members in batches, from the cursor of its job item, each recipient marked before the send',
    everyMinutes: 1,
    memoryMb: 256,
    timeoutSeconds: 50,
    // runAnnouncements finds the running announcement by gsi3 (announcements#running); reads the
    // job item (GetItem), the members by gsi1 (users#complete) or the geo indexes (U5), and their
    // settings (BatchGet); marks each recipient (PutItem, in a transaction) and moves the job and
    // frees the lock (UpdateItem); signs each mail's one-click unsubscribe link.
    access: {
      queryIndexes: ['gsi1', 'gsi3', 'geo5', 'geo4', 'geo3'],
      deleteItems: false,
      itemActions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'],
      deleteImages: [],
      mail: true,
      signing: true,
    },
  },
] as const satisfies readonly JobDef[];

/**
 * The job the table's stream runs (new images). DynamoDB Streams throttle more than two readers
 * per shard, so there is exactly one: the dispatcher (functions/system/stream-dispatch.ts), whose
 * mapping admits the union of what its parts need and which hands each record to the sweep of big
 * deletions (sweep-deleted.ts), the mover of plant listings (relist-plants.ts) and live delivery
 * (functions/realtime/fanout.ts). Its access is the union of theirs. Given up records are noted in
 * its on-failure queue (see infra/aws/stream-jobs.ts); fan-out is never retried.
 */
export const STREAM_JOBS = [
  {
    name: 'stream-dispatch',
    handler: 'system/stream-dispatch',
    description: 'Reads the table\'s stream: sweeps deleted posts, accounts, pages and events, moves listings with their owner, alerts wanted lists, sends messages, notifications, tallies and changes to sockets, closes gone sockets',
    memoryMb: 512,
    timeoutSeconds: 900,
    // The sweep: deletePostsOf reads gsi1 (ownerAll) and marks each post as deletePost does:
    // GetItem, then a transaction of the post's put, counter and tag updates and tag link deletes;
    // the sweeps Query partitions, BatchWrite their deletes and DeleteItem the post; photos are
    // post photos. deleteEventsOf reads the owner's events by gsi2 and deletes each (its cover first) as deleteEvent
    // does (the template's put, location counts, then its dates and attendance with their
    // notifications).
    // Moving listings: relistPlantsOf reads the owner (GetItem) and their plants by gsi1, and
    // writes each page as a transaction of the listings' puts and a check of the owner; a run
    // short of time updates the job item, the finishing run deletes it.
    // Fan-out: a member's connections by gsi3 (and DeleteItem of a gone one), a page's staff by
    // gsi2 and a member's pages by gsi1, the conversation and the notification tally (GetItem),
    // message tallies, senders' cards and the sessions the connections were opened in
    // (BatchGetItem); frames go out through the WebSocket API.
    // Wanted lists: matchListing reads the listing's marker (GetItem), the index partitions
    // (table Query) and blocks (BatchGetItem), and writes each alert as a transaction of its
    // marker's put, the notification, its tally and the waiting mail (PutItem, UpdateItem).
    // Closing: a removed connection item (a revoked session, a deleted account, its TTL) closes
    // the connection (DeleteConnection): the only caller of it, so no request handler needs it.
    access: {
      queryTable: true,
      queryIndexes: ['gsi1', 'gsi2', 'gsi3'],
      deleteItems: true,
      itemActions: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'BatchWriteItem', 'ConditionCheckItem'],
      deleteImages: ['images/posts/*', 'images/events/*'],
      manageConnections: ['POST', 'DELETE'],
    },
    trigger: {
      filters: [
        { for: 'sweep-deleted', events: ['MODIFY'], entities: ['post', 'user', 'page', 'event'], newImageHas: ['deletedAt'] },
        // The resumable jobs' items (moving plant listings: relist-plants.ts; removing a deleted tag:
        // tag-delete.ts) and posts, inserted or changed (the search index of their words: post-words.ts;
        // wanted-list alerts of plant listings: wanted-match.ts; no filter of its own, as a mapping
        // holds at most 5 and one is kept spare).
        { for: 'relist-plants', events: ['INSERT', 'MODIFY'], entities: ['relistJob', 'tagDeleteJob', 'post'], newImageHas: [] },
        // FANOUT_ENTITIES of functions/realtime/fanout.ts (test/infra/realtime.test.ts holds them equal).
        { for: 'fan-out', events: ['INSERT', 'MODIFY'], entities: ['message', 'notification', 'messageTally', 'eventDateCounts', 'pageMember', 'comment'], newImageHas: [] },
        { for: 'close-sockets', events: ['REMOVE'], entities: [], newImageHas: [], keyPrefix: CONNECTION_KEY_PREFIX },
      ],
      batchSize: 10,
      retryAttempts: 4,
      maxRecordAgeHours: 12,
    },
  },
] as const satisfies readonly StreamJobDef[];

/**
 * The WebSocket API's routes (infra/aws/realtime-api.ts). `$connect` checks the handshake's origin
 * against the site's (SITE_ORIGIN), uses up its ticket (DeleteItem with a condition), reads the
 * ticket's session and account (GetItem), stores the connection (PutItem) and reads the session
 * again (deleting the connection if it was revoked meanwhile); `$disconnect` deletes it;
 * `$default` answers a ping with a pong through the management API and reads no data.
 */
export const SOCKET_JOBS = [
  {
    name: 'socket-connect',
    handler: 'realtime/connect',
    routeKey: '$connect',
    description: 'Opens a socket from the site\'s origin for the live session whose one-time ticket the handshake carries, and refuses any other',
    memoryMb: 256,
    timeoutSeconds: 10,
    access: { queryIndexes: [], deleteItems: true, itemActions: ['GetItem', 'PutItem'], deleteImages: [], siteOrigin: true },
  },
  {
    name: 'socket-disconnect',
    handler: 'realtime/disconnect',
    routeKey: '$disconnect',
    description: 'Forgets a closed socket',
    memoryMb: 256,
    timeoutSeconds: 10,
    access: { queryIndexes: [], deleteItems: true, deleteImages: [] },
  },
  {
    name: 'socket-default',
    handler: 'realtime/default',
    routeKey: '$default',
    description: 'Answers a socket\'s ping with a pong; ignores every other frame',
    memoryMb: 256,
    timeoutSeconds: 10,
    access: { queryIndexes: [], deleteItems: false, deleteImages: [], manageConnections: ['POST'] },
  },
] as const satisfies readonly SocketJobDef[];

/**
 * The jobs an operator runs by hand. The migration to owner keys that name the owner's kind walks
 * the table (Scan, one page at a time), reads a conversation's partition (table Query) and the
 * items it re-keys from (GetItem), writes with conditions (PutItem, UpdateItem) and deletes a
 * moved conversation's old partition (DeleteItem). Each invocation saves its progress in the table
 * and answers whether it is done (infra/aws/manual-jobs.ts outputs its function's name).
 */
export const MANUAL_JOBS = [
  {
    name: 'migrate-owner-kinds',
    handler: 'system/migrate-owner-kinds',
    description: 'Migrates the table to owner keys that name the owner\'s kind, claims every member\'s and page\'s id and lists pages holding a member\'s id; invoke it again until it answers done',
    invokedBy: 'operator',
    memoryMb: 512,
    timeoutSeconds: 900,
    access: {
      scanTable: true,
      queryTable: true,
      queryIndexes: [],
      deleteItems: true,
      itemActions: ['GetItem', 'PutItem', 'UpdateItem'],
      deleteImages: [],
    },
  },
  {
    // Scans for comments and reactions without gsi1 keys (Scan), reads its progress (GetItem),
    // files each with a conditional UpdateItem and saves its progress (UpdateItem).
    name: 'backfill-authored',
    handler: 'system/backfill-authored',
    description: 'Files comments and reactions written before the per-author index under their author, so data exports hold them; invoke it again until it answers done',
    invokedBy: 'operator',
    memoryMb: 256,
    timeoutSeconds: 900,
    access: {
      scanTable: true,
      queryIndexes: [],
      deleteItems: false,
      itemActions: ['GetItem', 'UpdateItem'],
      deleteImages: [],
    },
  },
  {
    // Scans for unread, unmuted participants without unread keys and tallies with the old sets
    // (Scan), reads its progress (GetItem), writes each with a conditional UpdateItem and saves
    // its progress (UpdateItem).
    name: 'backfill-unread',
    handler: 'system/backfill-unread',
    description: 'Files conversations with unread messages in the unread index and takes the old unread sets off the tallies; invoke it again until it answers done',
    invokedBy: 'operator',
    memoryMb: 256,
    timeoutSeconds: 900,
    access: {
      scanTable: true,
      queryIndexes: [],
      deleteItems: false,
      itemActions: ['GetItem', 'UpdateItem'],
      deleteImages: [],
    },
  },
  {
    // Receives the notes of the stream jobs' on-failure queues and deletes each one replayed; reads
    // the table's stream at each note's position and invokes the stream job with the records. No
    // table access of its own: the stream job does the work with its own role.
    name: 'stream-replay',
    handler: 'system/stream-replay-job',
    description: 'Replays the batches the stream jobs gave up (their on-failure queues\' notes), from the table\'s stream while it still holds them (24 hours); invoke it again until it answers done',
    invokedBy: 'operator',
    memoryMb: 512,
    timeoutSeconds: 900,
    access: {
      queryIndexes: [],
      deleteItems: false,
      deleteImages: [],
      replayStream: true,
    },
  },
] as const satisfies readonly ManualJobDef[];

/** The export job: the routes granted `export:start` invoke it (infra/aws/routes-stack.ts). */
export { EXPORT_JOB };

/**
 * The jobs a route starts. The export reads everything a member owns (table Query on the table
 * and the indexes it names, GetItem and BatchGetItem), its photos (GetObject on images/*), writes
 * the archive under private/exports/ and moves its state item (UpdateItem, with a ConditionCheck of
 * the account).
 */
export const ROUTE_JOBS = [
  {
    name: EXPORT_JOB.name,
    handler: 'exports/job',
    description: 'Writes a member\'s data export (JSON, a README and their photos, as a zip) under the private prefix, keeping its progress on the member\'s export item',
    invokedBy: 'route',
    memoryMb: 1024,
    timeoutSeconds: 900,
    access: {
      queryTable: true,
      queryIndexes: ['gsi1', 'gsi2'],
      deleteItems: false,
      // Its state item moves by UpdateItem, the last move with a check that the account lives.
      itemActions: ['GetItem', 'BatchGetItem', 'UpdateItem', 'ConditionCheckItem'],
      deleteImages: ['private/exports/*'],
      readImages: true,
      writePrivate: ['private/exports/*'],
      // The photos of the member's own messages.
      readPrivate: ['private/messages/*'],
    },
  },
] as const satisfies readonly RouteJobDef[];

/** Every job, whatever runs it: the bundler builds one bundle for each. */
export const ALL_JOBS: readonly JobBase[] = [...JOBS, ...STREAM_JOBS, ...SOCKET_JOBS, ...MANUAL_JOBS, ...ROUTE_JOBS];

/** `sweep-uploads` → `job-sweep-uploads`: route folders start with their method, so they never collide. */
export function jobFolder(name: string): string {
  return `job-${name}`;
}

/** Refuses a job whose access names an index the table does not have or a key outside images/. */
export function checkJob<T extends JobBase>(job: T): T {
  const indexes = new Set<string>(TABLE.globalIndexes.map((gsi) => gsi.name));
  for (const index of job.access.queryIndexes) {
    if (!indexes.has(index)) throw new Error(`job ${job.name}: the table has no index "${index}"`);
  }
  for (const pattern of job.access.deleteImages) {
    if (!pattern.startsWith('images/') && !pattern.startsWith('private/')) throw new Error(`job ${job.name}: "${pattern}" is not under images/ or private/`);
  }
  for (const pattern of [...(job.access.writePrivate ?? []), ...(job.access.readPrivate ?? [])]) {
    if (!pattern.startsWith('private/')) throw new Error(`job ${job.name}: "${pattern}" is not under private/`);
  }
  if ((job as Partial<RouteJobDef>).invokedBy === 'route' && `${APP_NAME}-dev-${job.name}`.length > 48) throw new Error(`job ${job.name}: its name is too long for a function name with a stage`);
  if (!/^[a-z][a-z0-9-]*$/.test(job.name)) throw new Error(`job name "${job.name}" must be kebab case`);
  if (job.access.scanTable && (job as Partial<ManualJobDef>).invokedBy !== 'operator') throw new Error(`job ${job.name}: only a job an operator invokes may Scan the table`);
  if (job.access.replayStream && (job as Partial<ManualJobDef>).invokedBy !== 'operator') throw new Error(`job ${job.name}: only a job an operator invokes may replay the stream`);
  if (job.timeoutSeconds < 1 || job.timeoutSeconds > 900) throw new Error(`job ${job.name}: timeoutSeconds must be 1 to 900`);
  return job;
}

/** Lambda accepts at most this many filters on one event source mapping. */
export const MAX_STREAM_FILTERS = 5;

/** Refuses a stream job whose trigger the event source mapping would not accept or that names no change. */
export function checkStreamJob(job: StreamJobDef): StreamJobDef {
  checkJob(job);
  const { trigger } = job;
  if (!trigger.filters.length) throw new Error(`stream job ${job.name}: its trigger names no change`);
  if (trigger.filters.length > MAX_STREAM_FILTERS) throw new Error(`stream job ${job.name}: at most ${MAX_STREAM_FILTERS} filters`);
  for (const filter of trigger.filters) {
    if (!filter.events.length) throw new Error(`stream job ${job.name}: its filter for ${filter.for} names no event`);
  }
  if (!Number.isInteger(trigger.batchSize) || trigger.batchSize < 1 || trigger.batchSize > 10_000) {
    throw new Error(`stream job ${job.name}: batchSize must be 1 to 10000`);
  }
  if (!Number.isInteger(trigger.retryAttempts) || trigger.retryAttempts < 0 || trigger.retryAttempts > 10_000) {
    throw new Error(`stream job ${job.name}: retryAttempts must be 0 to 10000`);
  }
  // The stream keeps records 24 hours: an older limit would never apply.
  if (!Number.isInteger(trigger.maxRecordAgeHours) || trigger.maxRecordAgeHours < 1 || trigger.maxRecordAgeHours > 24) {
    throw new Error(`stream job ${job.name}: maxRecordAgeHours must be 1 to 24`);
  }
  return job;
}

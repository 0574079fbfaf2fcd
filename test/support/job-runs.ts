/**
 * What the tests of jobs that fail half-way share (test/api/jobs-resume*.test.ts): members and
 * their fixtures made over HTTP as members make them (bench/load/client.ts), the table read
 * directly, the mails the host "sent", stream records of stored items, and the fault injector
 * that refuses one write of a run. `jobKit(own)` binds them to a file's own host, whose timers are
 * off, so nothing but the test runs the jobs.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { expect } from 'vitest';
import { Recorder, send, signUpMember, type Actor, type Answer, type Client } from '../../bench/load/client';
import type { Host } from '../../infra/local/host';


let bound: { readonly host: Host } | undefined;

/** Binds the helpers to the file's own host (withOwnHost's answer); call once at the top of the file. */
export function jobKit(own: { readonly host: Host }): void {
  bound = own;
}

const host = (): Host => {
  if (!bound) throw new Error('call jobKit(own) first');
  return bound.host;
};

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const NEWTOWN = { latitude: -33.8978, longitude: 151.1785 };
export const GARDEN = { name: 'Newtown Community Garden', address: '12 Australia St', suburbCity: 'Newtown', state: 'New South Wales', country: 'Australia', ...NEWTOWN };
/** A 1×1 JPEG. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export const client = (): Client => ({ base: host().url, recorder: new Recorder() });
export const member = () => signUpMember(client(), host().outboxDir, NEWTOWN);
export const members = (n: number) => Promise.all(Array.from({ length: n }, member));

/** A request that must succeed; answers its data. */
export async function ok<T = Record<string, unknown>>(who: Actor, method: string, path: string, body?: Record<string, unknown>): Promise<T> {
  const res: Answer<T> = await send<T>(client(), who, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.error)}`).toBeLessThan(300);
  return res.data;
}

// --- The table, read directly (the host's own: startHost pointed this worker's environment at it).

async function table() {
  return import('../../functions/db/client');
}

export async function stored(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  const { documentClient, tableName } = await table();
  return (await documentClient().send(new GetCommand({ TableName: tableName(), Key: { pk, sk }, ConsistentRead: true }))).Item;
}

export async function partition(pk: string, skPrefix = ''): Promise<Record<string, unknown>[]> {
  const { documentClient, tableName } = await table();
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await documentClient().send(new QueryCommand({
      TableName: tableName(), ConsistentRead: true,
      KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :sk)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk, ...(skPrefix ? { ':sk': skPrefix } : {}) },
      ...(start ? { ExclusiveStartKey: start } : {}),
    }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A member's notifications of one kind about one target. */
export async function notices(who: Actor, kind: string, targetId: string): Promise<Record<string, unknown>[]> {
  return (await partition(`user#${who.uuid}`, 'notif#')).filter((n) => n.kind === kind && n.targetId === targetId);
}

/** The e-mails the host has "sent" (its outbox). */
export async function mails(): Promise<{ to: string; subject?: string; text: string }[]> {
  const text = await readFile(join(host().outboxDir, 'outbox.jsonl'), 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { channel: string; to: string; subject?: string; text: string }).filter((m) => m.channel === 'email');
}

export const mailsTo = async (who: Actor, subject: string | RegExp) => (await mails()).filter((m) => m.to === who.email && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject ?? '')));

// --- The fault injector.

const WRITE_COMMANDS = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);

/** A write as sent: the command, and the keys of the items it writes (`pk sk`). */
export interface Write {
  command: string;
  keys: string[];
}

type KeyHolder = { pk?: unknown; sk?: unknown } | undefined;
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof (v as { S?: unknown } | undefined)?.S === 'string' ? (v as { S: string }).S : String(v));
const keyOf = (k: KeyHolder): string[] => (k ? [`${text(k.pk)} ${text(k.sk)}`] : []);

function keysOf(input: Record<string, unknown>): string[] {
  const one = (x: { Key?: KeyHolder; Item?: KeyHolder } | undefined) => keyOf(x?.Key ?? x?.Item);
  const transact = (input.TransactItems ?? []) as Record<string, { Key?: KeyHolder; Item?: KeyHolder } | undefined>[];
  const batch = Object.values((input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item?: KeyHolder }; DeleteRequest?: { Key?: KeyHolder } }[]>).flat();
  return [
    ...one(input as { Key?: KeyHolder; Item?: KeyHolder }),
    ...transact.flatMap((t) => [t.Put, t.Update, t.Delete, t.ConditionCheck].flatMap(one)),
    ...batch.flatMap((r) => [...keyOf(r.PutRequest?.Item), ...keyOf(r.DeleteRequest?.Key)]),
  ];
}

/** How a run under the injector went: the writes that were sent, the one refused, and what the job answered or threw. */
export interface Run<T> {
  writes: Write[];
  refused: Write | null;
  value?: T;
  error?: unknown;
}

let injectors = 0;

/**
 * Runs `job` with a middleware on the process's DynamoDB client (which the job shares) that
 * notes every write and, with `failAt`, throws before sending the `failAt`-th, so that write never
 * lands; the later ones go through. Removed however the job ends.
 */
export async function underWrites<T>(failAt: number | null, job: () => Promise<T>): Promise<Run<T>> {
  await host().realtimeSettled();
  const { dynamoClient } = await table();
  const name = `jobs-resume-writes-${++injectors}`;
  const seen = { attempted: 0, writes: [] as Write[], refused: null as Write | null };
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (!WRITE_COMMANDS.has(String(context.commandName))) return next(args);
      const write: Write = { command: String(context.commandName).replace(/Command$/, ''), keys: keysOf(args.input as Record<string, unknown>) };
      if (++seen.attempted === failAt) {
        seen.refused = write;
        throw new Error(`the table refused write #${failAt} (${write.command})`);
      }
      seen.writes.push(write);
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    const value = await job();
    return { writes: seen.writes, refused: seen.refused, value };
  } catch (error) {
    return { writes: seen.writes, refused: seen.refused, error };
  } finally {
    dynamoClient().middlewareStack.remove(name);
  }
}

/**
 * Runs `request` with every write refused once a transaction holding a work marker (`evwork`)
 * has landed: the change stands with its marker, and what the request would have done after it
 * is left to the job, as when its Lambda dies right after the change.
 */
export async function leftToTheJob<T>(request: () => Promise<T>): Promise<T> {
  await host().realtimeSettled();
  const { dynamoClient } = await table();
  const name = `jobs-resume-marker-${++injectors}`;
  const state = { marked: false };
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (!WRITE_COMMANDS.has(String(context.commandName))) return next(args);
      // Answered as a table that stopped answering: the route's 503, as its contract declares.
      if (state.marked) throw Object.assign(new Error('the table did not answer after the change'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });
      const out = await next(args);
      if (keysOf(args.input as Record<string, unknown>).some((k) => k.startsWith('evwork '))) state.marked = true;
      return out;
    },
    { step: 'initialize', name },
  );
  try {
    const out = await request();
    expect(state.marked, 'the request wrote its marker').toBe(true);
    return out;
  } finally {
    dynamoClient().middlewareStack.remove(name);
  }
}

// --- Fixtures over HTTP.

/** An upload URL used: the photo is in the bucket, its pending record in the table. */
export async function uploadPhoto(who: Actor): Promise<string> {
  const up = await ok<{ url: string; key: string; headers: Record<string, string> }>(who, 'POST', '/api/iam/images/upload-url', { contentType: 'image/jpeg', size: TINY_JPEG.length });
  const put = await fetch(up.url, { method: 'PUT', headers: up.headers, body: new Uint8Array(TINY_JPEG) });
  expect(put.status).toBeLessThan(300);
  return up.key;
}

export async function newListing(who: Actor, name: string): Promise<string> {
  const key = await uploadPhoto(who);
  const { plant } = await ok<{ plant: { id: string } }>(who, 'POST', '/api/iam/plant/new', {
    id: randomUUID(), text: `${name} to share`, tags: [], privacy: 'public',
    plant: { commonName: name, botanicalName: 'Monstera deliciosa', availability: 'Available to swap' },
    plant_photos: [{ key, description: 'the plant' }],
  });
  return plant.id;
}

export interface EventMade {
  id: string;
  randomId: string;
  title: string;
  specifics: { id: string; startsAt: string; endsAt: string }[];
}

/** A start on the hour, `days` from now. */
export const startIn = (days: number) => Math.ceil((Date.now() + days * DAY) / HOUR) * HOUR;
export const dateAt = (startMs: number) => ({ startsAt: new Date(startMs).toISOString(), endsAt: new Date(startMs + 2 * HOUR).toISOString() });

export async function newEvent(owner: Actor, body: Record<string, unknown>): Promise<EventMade> {
  const { event } = await ok<{ event: EventMade }>(owner, 'POST', '/api/iam/events/new', {
    id: randomUUID(), title: `Cutting swap ${randomUUID().slice(0, 6)}`, description: 'Bring cuttings', privacy: 'public', location: GARDEN, ...body,
  });
  return event;
}

export const attend = (who: Actor, specificId: string, status: 'GOING' | 'MAYBE') => ok(who, 'PUT', '/api/iam/events/upsert-attend-specific', { specificId, status });
export const dateKeyOf = (specificId: string) => specificId.split('.')[1]!;

/** The stream's record of a change of the stored item (its new image), as the table's stream delivers it. */
let sequence = 7_000_000;
export async function modifyRecord(pk: string, sk: string): Promise<DynamoDBRecord> {
  const item = await stored(pk, sk);
  expect(item, `${pk} / ${sk}`).toBeDefined();
  return {
    eventID: randomUUID(), eventName: 'MODIFY', eventVersion: '1.1', eventSource: 'aws:dynamodb', awsRegion: 'us-east-1',
    dynamodb: {
      Keys: marshall({ pk, sk }) as never,
      NewImage: marshall(item!, { removeUndefinedValues: true }) as never,
      SequenceNumber: String(++sequence).padStart(21, '0'),
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

export const failedAtTheSecondWrite = (run: Run<unknown>) => expect(run.refused, 'the 2nd write was refused').not.toBeNull();
export const rejected = (run: Run<unknown>, write = 2) => expect(String(run.error)).toContain(`the table refused write #${write}`);

/**
 * Faults, on a host of this file's own whose DynamoDB Local keeps its data in a folder (-dbPath),
 * so it can be frozen, stopped and started again without the shared test host feeling it:
 *   - DynamoDB Local frozen (SIGSTOP) in the middle of a run of simulated members' writes: every
 *     request answers within the Lambda's 10 s, a 503 with Retry-After and the envelope where the
 *     table did not answer, never a 500; thawed, the host serves again without a restart, the
 *     503s tried again with the same bodies land once, and everything reconciles
 *     (bench/load/reconcile.ts);
 *   - DynamoDB Local stopped between the two parts of a date's move (the change with its marker,
 *     then the attendees brought up one transaction each): the change stands, the marker carries
 *     the rest, the job finishes it and each attendee is told exactly once, however often it runs;
 *   - s3rver stopped: upload URLs still issue (they are signed here), a listing whose photo cannot
 *     be checked answers a clear 503 and is not created, and the same request lands once the
 *     bucket is back.
 * The host waits 1 s for a call before the SDK tries again, as in the cloud (functions/db/aws-calls.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Recorder, send, signUpMember, type Actor, type Client } from '../../bench/load/client';
import { LOAD_LIMITS, newLedger, play, setUp } from '../../bench/load/mix';
import { reconcile } from '../../bench/load/reconcile';
import { TINY_JPEG } from '../support/content';
import { withOwnHost } from '../support/own-host';

const own = withOwnHost('faults-', { persisted: true, scheduledJobs: false, env: { ...LOAD_LIMITS, AWS_CALL_TIMEOUT_MS: '1000' } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const NEWTOWN = { latitude: -33.8978, longitude: 151.1785 };

/** Set-up and checks try a 503 again (a call slower than 1 s three times over on a busy machine); the tests' own probes take theirs as they come. */
const clientOf = (retries503 = 10): Client => ({ base: own.host.url, recorder: new Recorder(), retries503 });

/** Until the host serves a read from the table again (it must, without a restart). */
async function servesAgain(client: Client, who: Actor): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await send(client, who, 'GET', '/api/iam/messages/all')).status !== 200) {
    if (Date.now() > deadline) throw new Error('the host did not serve again within 60 s');
    await sleep(250);
  }
}

afterEach(async () => {
  // Whatever a failed test left broken is mended for the next.
  own.host.faults.resumeDynamo();
  await own.host.faults.startDynamo();
  await own.host.faults.startS3();
});

describe('DynamoDB Local frozen in the middle of writes', () => {
  it('answers 503 with Retry-After within the Lambda timeout, never a 500; recovers by itself; retried writes land once and everything reconciles', async () => {
    const setup = clientOf();
    const world = await setUp(setup, own.host.outboxDir, 6);
    const ledger = newLedger();
    // Members who try a 503 again, the same body after its Retry-After.
    const client = clientOf(30);
    const playing = play(client, world, ledger, Date.now() + 10_000);
    await sleep(2000);
    own.host.faults.pauseDynamo();
    await sleep(5000);
    own.host.faults.resumeDynamo();
    await playing;

    const statuses = Object.fromEntries(client.recorder.statuses);
    expect(statuses[503], `the freeze was felt: ${JSON.stringify(statuses)}`).toBeGreaterThan(0);
    for (const status of client.recorder.statuses.keys()) expect(status === 503 || status < 500, `status ${status} in ${JSON.stringify(statuses)}`).toBe(true);
    expect(client.recorder.maxMs).toBeLessThan(10_000);

    await servesAgain(setup, world.members[0]!);
    await own.host.realtimeSettled();
    const rec = await reconcile(setup, world, ledger);
    expect(rec.drifts).toEqual([]);
    expect(rec.counters).toBeGreaterThan(50);
    expect(ledger.creates.filter((c) => c.outcome === 'ok').length).toBeGreaterThan(0);
  }, 180_000);

  it('answers a request begun while frozen with the envelope: code unavailable, Retry-After', async () => {
    const me = await signUpMember(clientOf(), own.host.outboxDir, NEWTOWN);
    own.host.faults.pauseDynamo();
    const t0 = Date.now();
    const res = await send(clientOf(0), me, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'while frozen', tags: [], photos: [], privacy: 'public' });
    own.host.faults.resumeDynamo();
    expect(res.status).toBe(503);
    expect(res.retryAfter).toBeGreaterThanOrEqual(1);
    expect(res.error).toMatchObject({ code: 'unavailable' });
    expect(Date.now() - t0).toBeLessThan(10_000);
  }, 60_000);
});

describe('DynamoDB Local stopped between the transactions of a date\'s move', () => {
  it('keeps the change with its marker; the job finishes the attendees, each told exactly once however often it runs', async () => {
    const client = clientOf();
    const [owner, ...attendees] = await Promise.all(Array.from({ length: 4 }, () => signUpMember(client, own.host.outboxDir, NEWTOWN)));
    const startsAt = new Date(Math.ceil((Date.now() + 3 * 86_400_000) / 3_600_000) * 3_600_000);
    const made = await send<{ event: { id: string; specifics: { id: string; startsAt: string }[] } }>(client, owner!, 'POST', '/api/iam/events/new', {
      id: randomUUID(), title: 'Seed swap', description: 'Bring seeds', privacy: 'public',
      location: { name: 'Newtown Community Garden', address: '12 Australia St', suburbCity: 'Newtown', state: 'New South Wales', country: 'Australia', ...NEWTOWN },
      specifics: [{ startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 7_200_000).toISOString() }],
    });
    expect(made.status).toBe(201);
    const date = made.data.event.specifics[0]!;
    for (const a of attendees) expect((await send(client, a, 'PUT', '/api/iam/events/upsert-attend-specific', { specificId: date.id, status: 'GOING' })).status).toBe(200);

    // The table goes away right after the transaction that writes the marker (`evwork`) commits.
    const { dynamoClient } = await import('../../functions/db/client');
    let armed = true;
    const step = 'stop the table after the marker';
    dynamoClient().middlewareStack.add(
      (next, context) => async (args) => {
        const out = await next(args);
        const input = args.input as { TransactItems?: { Put?: { Item?: { pk?: unknown } } }[] };
        if (armed && context.commandName === 'TransactWriteItemsCommand' && input.TransactItems?.some((t) => t.Put?.Item?.pk === 'evwork')) {
          armed = false;
          await own.host.faults.stopDynamo();
        }
        return out;
      },
      { step: 'initialize', name: step },
    );
    const later = new Date(startsAt.getTime() + 3_600_000);
    try {
      const moved = await send(clientOf(0), owner!, 'PUT', '/api/iam/events/update-specific', { specificId: date.id, startsAt: later.toISOString(), endsAt: new Date(later.getTime() + 7_200_000).toISOString() });
      expect(armed, 'the move wrote its marker').toBe(false);
      expect(moved.status).toBe(503);
      expect(moved.error).toMatchObject({ code: 'unavailable' });
    } finally {
      dynamoClient().middlewareStack.remove(step);
      await own.host.faults.startDynamo();
    }
    await servesAgain(client, owner!);

    // The change stands (its own transaction), and its marker says what is left.
    const { getItem, partitionItems } = await import('../../functions/db/batch');
    const [eventId, dateKey] = date.id.split('.') as [string, string];
    const work = await getItem({ pk: 'evwork', sk: `date#${eventId}#${dateKey}` }, { consistent: true });
    expect(work, 'the marker is there').not.toBeNull();
    const tellsOf = async (a: Actor) => {
      const res = await send<{ notifications: { kind: string }[] }>(client, a, 'GET', '/api/iam/notifications/all');
      return res.data.notifications.filter((n) => n.kind === 'event-moved').length;
    };
    const { resumeDateWork } = await import('../../functions/events/catch-up');
    expect(await resumeDateWork()).toBe(1);
    for (const a of attendees) expect(await tellsOf(a)).toBe(1);
    const attendance = (await partitionItems(`event#${eventId}`, 'attend#')).filter((i) => String(i.sk).startsWith(`attend#${dateKey}#`));
    expect(attendance).toHaveLength(attendees.length);
    for (const i of attendance) expect([i.startsAt, i.seenSequence]).toEqual([later.toISOString(), 1]);
    expect(await getItem({ pk: 'evwork', sk: `date#${eventId}#${dateKey}` }, { consistent: true })).toBeNull();
    // Again: nothing left, no one told twice.
    expect(await resumeDateWork()).toBe(0);
    for (const a of attendees) expect(await tellsOf(a)).toBe(1);
  }, 180_000);
});

describe('s3rver stopped', () => {
  it('still issues upload URLs; a listing whose photo cannot be checked is a clear 503 and is not made; the same request lands once the bucket is back', async () => {
    const client = clientOf();
    const me = await signUpMember(client, own.host.outboxDir, NEWTOWN);
    const up = await send<{ url: string; key: string; headers: Record<string, string> }>(client, me, 'POST', '/api/iam/images/upload-url', { contentType: 'image/jpeg', size: TINY_JPEG.length });
    expect(up.status).toBe(200);
    expect((await fetch(up.data.url, { method: 'PUT', headers: up.data.headers, body: new Uint8Array(TINY_JPEG) })).status).toBeLessThan(300);

    await own.host.faults.stopS3();
    const probe = clientOf(0);
    const another = await send(probe, me, 'POST', '/api/iam/images/upload-url', { contentType: 'image/jpeg', size: TINY_JPEG.length });
    expect(another.status).toBe(200);
    const id = randomUUID();
    const body = {
      id, text: 'A fern', tags: [], privacy: 'public',
      plant: { commonName: 'Fern', botanicalName: 'Nephrolepis exaltata', availability: 'Available to swap' },
      plant_photos: [{ key: up.data.key, description: 'the fern' }],
    };
    const refused = await send(probe, me, 'POST', '/api/iam/plant/new', body);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.error).toMatchObject({ code: 'unavailable' });
    const { getItem } = await import('../../functions/db/batch');
    expect(await getItem({ pk: `post#${id}`, sk: 'post' }, { consistent: true })).toBeNull();
    expect((await send(client, me, 'GET', `/api/post/${id}`)).status).toBe(404);

    await own.host.faults.startS3();
    const made = await send<{ plant: { id: string } }>(client, me, 'POST', '/api/iam/plant/new', body);
    expect(made.status).toBe(201);
    expect(made.data.plant.id).toBe(id);
  }, 120_000);
});

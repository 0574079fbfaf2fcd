/**
 * Counts DynamoDB calls and consumed capacity per operation, through an SDK middleware, when
 * DDB_METRICS=true (the benchmark sets it). Otherwise nothing is attached and nothing is paid.
 *
 * The local host runs the stream's work (live fan-out) in the process that handled the request,
 * right after its commit; in the cloud it is the stream Lambda's, not the route's. Work run in
 * `asStreamWork` is counted apart (`streamCalls`), so a route's figures are its own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface DdbMetrics {
  calls: number;
  /** Calls of the stream's work (`asStreamWork`) and their capacity, not counted in the rest. */
  streamCalls: number;
  streamCapacityUnits: number;
  byOperation: Record<string, number>;
  readUnits: number;
  writeUnits: number;
  capacityUnits: number;
}

const KEY = Symbol.for('leafline.ddbMetrics');
type Holder = { [KEY]?: DdbMetrics };

const zero = (): DdbMetrics => ({ calls: 0, streamCalls: 0, streamCapacityUnits: 0, byOperation: {}, readUnits: 0, writeUnits: 0, capacityUnits: 0 });

export function ddbMetrics(): DdbMetrics {
  const g = globalThis as Holder;
  g[KEY] ??= zero();
  return g[KEY];
}

export function resetDdbMetrics(): void {
  Object.assign(ddbMetrics(), zero());
}

interface Capacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

const each = (c: Capacity | Capacity[] | undefined): Capacity[] => (Array.isArray(c) ? c : c ? [c] : []);

function add(m: DdbMetrics, c: Capacity | Capacity[] | undefined): void {
  for (const one of each(c)) {
    m.capacityUnits += one.CapacityUnits ?? 0;
    m.readUnits += one.ReadCapacityUnits ?? 0;
    m.writeUnits += one.WriteCapacityUnits ?? 0;
  }
}

const streamWork = new AsyncLocalStorage<true>();

/**
 * Runs `work` (and all it starts) as the stream's work: its calls are counted apart. Only while
 * calls are counted: an AsyncLocalStorage in use costs every promise of the process a little (the
 * bench measured 0.4 ms on a message's fan-out).
 */
export function asStreamWork<T>(work: () => T): T {
  return process.env.DDB_METRICS === 'true' ? streamWork.run(true, work) : work();
}

/** Calls are no longer counted (DDB_METRICS is unset): the storage stops costing the process. */
export function stopCountingStreamWork(): void {
  streamWork.disable();
}

export function attachMetrics(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const out = await next(args);
      const m = ddbMetrics();
      const consumed = (out.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
      if (streamWork.getStore()) {
        m.streamCalls += 1;
        for (const one of each(consumed)) m.streamCapacityUnits += one.CapacityUnits ?? 0;
        return out;
      }
      const op = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      m.calls += 1;
      m.byOperation[op] = (m.byOperation[op] ?? 0) + 1;
      add(m, consumed);
      return out;
    },
    { step: 'initialize', name: 'leaflineDdbMetrics' },
  );
}

/**
 * Counts DynamoDB calls and consumed capacity per operation, through an SDK middleware, when
 * DDB_METRICS=true (the benchmark sets it). Otherwise nothing is attached and nothing is paid.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface DdbMetrics {
  calls: number;
  byOperation: Record<string, number>;
  readUnits: number;
  writeUnits: number;
  capacityUnits: number;
}

const KEY = Symbol.for('leafline.ddbMetrics');
type Holder = { [KEY]?: DdbMetrics };

export function ddbMetrics(): DdbMetrics {
  const g = globalThis as Holder;
  g[KEY] ??= { calls: 0, byOperation: {}, readUnits: 0, writeUnits: 0, capacityUnits: 0 };
  return g[KEY];
}

export function resetDdbMetrics(): void {
  Object.assign(ddbMetrics(), { calls: 0, byOperation: {}, readUnits: 0, writeUnits: 0, capacityUnits: 0 });
}

interface Capacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

function add(m: DdbMetrics, c: Capacity | Capacity[] | undefined): void {
  for (const one of Array.isArray(c) ? c : c ? [c] : []) {
    m.capacityUnits += one.CapacityUnits ?? 0;
    m.readUnits += one.ReadCapacityUnits ?? 0;
    m.writeUnits += one.WriteCapacityUnits ?? 0;
  }
}

export function attachMetrics(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const out = await next(args);
      const m = ddbMetrics();
      const op = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      m.calls += 1;
      m.byOperation[op] = (m.byOperation[op] ?? 0) + 1;
      add(m, (out.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity);
      return out;
    },
    { step: 'initialize', name: 'leaflineDdbMetrics' },
  );
}

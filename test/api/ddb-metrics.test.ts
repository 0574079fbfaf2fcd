/**
 * The DynamoDB call counter (functions/db/metrics.ts) that `npm run bench` reads: a route's calls
 * are its own. The local host runs the live fan-out in the process right after a commit; in the
 * cloud that is the stream Lambda's work, so calls made in `asStreamWork` are counted apart, with
 * their capacity, and nothing they start leaks into the route's figures.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { asStreamWork, ddbMetrics, resetDdbMetrics } from '../../functions/db/metrics';
import { documentClient, tableName } from '../../functions/db/client';
import { useHostTableAndBucket } from '../support/host-env';

beforeAll(() => {
  useHostTableAndBucket({ DDB_METRICS: 'true' });
});

const read = () => documentClient().send(new GetCommand({ TableName: tableName(), Key: { pk: 'site', sk: 'nothing-here' } }));

describe('DynamoDB call metrics', () => {
  it('counts a call as the route\'s, and a call of the stream\'s work (and what it starts later) apart', async () => {
    resetDdbMetrics();
    await read();
    expect(ddbMetrics()).toMatchObject({ calls: 1, streamCalls: 0, byOperation: { GetItem: 1 } });
    expect(ddbMetrics().capacityUnits).toBeGreaterThan(0);

    resetDdbMetrics();
    // As the local host's fan-out runs: started inside, some of it after an await.
    await asStreamWork(async () => {
      await read();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.all([read(), read()]);
    });
    expect(ddbMetrics()).toMatchObject({ calls: 0, streamCalls: 3, byOperation: {}, capacityUnits: 0 });
    expect(ddbMetrics().streamCapacityUnits).toBeGreaterThan(0);

    // Outside it again, the route's.
    await read();
    expect(ddbMetrics()).toMatchObject({ calls: 1, streamCalls: 3 });
  });
});

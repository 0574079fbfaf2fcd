/**
 * Points the server's own data modules (functions/db) at the test host's table, for the rare
 * test that must write what no route writes (e.g. an account from before a field existed).
 */
import { inject } from 'vitest';

export function useHostTable(): void {
  Object.assign(process.env, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'test',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'test',
  });
}

/**
 * Points this worker's own copy of the domain code at the test host's table and bucket, as the
 * host does for its handlers; `extra` adds variables (the outbox, the log level).
 */
export function useHostTableAndBucket(extra: Record<string, string> = {}): void {
  Object.assign(process.env, {
    TABLE_NAME: inject('tableName'), DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', S3_ENDPOINT: inject('s3Endpoint'), S3_FORCE_PATH_STYLE: 'true',
    IMAGES_BUCKET: inject('bucket'),
    ...extra,
  });
}

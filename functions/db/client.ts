/**
 * The DynamoDB clients every handler shares. Endpoint, region and table name come from the
 * environment, so the same code runs against DynamoDB in the cloud and DynamoDB Local.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { callOptions } from './aws-calls';
import { attachMetrics } from './metrics';

let client: DynamoDBClient | undefined;

export function dynamoClient(): DynamoDBClient {
  client ??= new DynamoDBClient({
    ...callOptions(),
    ...(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {}),
    ...(process.env.AWS_REGION ? {} : { region: 'us-east-1' }),
  });
  if (process.env.DDB_METRICS === 'true') attachMetrics(client);
  return client;
}

let doc: DynamoDBDocumentClient | undefined;

export function documentClient(): DynamoDBDocumentClient {
  doc ??= DynamoDBDocumentClient.from(dynamoClient(), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return doc;
}

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}

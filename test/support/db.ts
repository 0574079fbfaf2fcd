/** Direct reads of the local table, to check what a call really stored. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';

let doc: DynamoDBDocumentClient | undefined;

function client(): DynamoDBDocumentClient {
  doc ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } }),
  );
  return doc;
}

export async function getItem(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  const out = await client().send(new GetCommand({ TableName: inject('tableName'), Key: { pk, sk } }));
  return out.Item;
}

export async function queryPartition(pk: string): Promise<Record<string, unknown>[]> {
  const out = await client().send(
    new QueryCommand({ TableName: inject('tableName'), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }),
  );
  return out.Items ?? [];
}

/** Changes attributes of a stored item directly (to age a token past its expiry, for instance). */
export async function setAttributes(pk: string, sk: string, values: Record<string, unknown>): Promise<void> {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const names = Object.keys(values);
  await client().send(
    new UpdateCommand({
      TableName: inject('tableName'),
      Key: { pk, sk },
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, values[n]])),
    }),
  );
}

/** Deletes a stored item directly (to stage data as an older version of the product left it). */
export async function deleteItem(pk: string, sk: string): Promise<void> {
  const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
  await client().send(new DeleteCommand({ TableName: inject('tableName'), Key: { pk, sk } }));
}

/** Puts an item back as it was read (to stage data as an older version of the product left it). */
export async function putItem(item: Record<string, unknown>): Promise<void> {
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  await client().send(new PutCommand({ TableName: inject('tableName'), Item: item }));
}

/** The id of a member's live session family (the one their sign-in made), for calling a handler with their session. */
export async function liveFamilyIdOf(userId: string): Promise<string> {
  const family = (await queryPartition(`user#${userId}`)).find((item) => String(item.sk).startsWith('session#') && !item.revokedAt);
  if (!family) throw new Error(`member ${userId} has no live session`);
  return String(family.familyId);
}

/**
 * The table's stream records carry items in DynamoDB's typed JSON (`{ S: 'x' }`): these turn an
 * image (or a record's keys) into the plain item the rest of the code reads, and back for tests.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';

/** The plain item of a stream record's image or keys (typed as the Lambda event types it: loosely). */
export function fromStreamImage(image: Record<string, unknown>): Record<string, unknown> {
  return unmarshall(image as Record<string, AttributeValue>);
}

/** The image a stream record would carry for `item`. */
export function toStreamImage(item: Record<string, unknown>): Record<string, AttributeValue> {
  return marshall(item);
}

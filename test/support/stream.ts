/** Records as the table's stream delivers them (new images), built from what is stored, for driving stream Lambdas in-process. */
import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { expect } from 'vitest';
import { getItem } from './db';

type EventName = NonNullable<DynamoDBRecord['eventName']>;

export type StreamRecordOf = (pk: string, sk: string, eventName?: EventName, image?: Record<string, unknown>) => Promise<DynamoDBRecord>;

/**
 * A maker of stream records numbered on from `lastSequence`: each is the record DynamoDB writes
 * for a change (`defaultEvent` unless named) of the stored item `pk`/`sk`, with its new image
 * `image` or else the item as stored now (no new image for a REMOVE).
 */
export function streamRecords(lastSequence: number, defaultEvent: EventName): StreamRecordOf {
  let sequence = lastSequence;
  return async (pk, sk, eventName = defaultEvent, image) => {
    const item = image ?? (await getItem(pk, sk));
    expect(item, `${pk} / ${sk}`).toBeDefined();
    return {
      eventID: randomUUID(),
      eventName,
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      dynamodb: {
        Keys: marshall({ pk, sk }) as never,
        ...(eventName === 'REMOVE' ? {} : { NewImage: marshall(item!, { removeUndefinedValues: true }) as never }),
        SequenceNumber: String(++sequence).padStart(21, '0'),
        StreamViewType: 'NEW_IMAGE',
      },
    };
  };
}

/** The event a stream Lambda is handed for `records`. */
export const eventOf = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/** A record's sequence number, which a batch failure names. */
export const sequenceOf = (record: DynamoDBRecord) => record.dynamodb!.SequenceNumber!;

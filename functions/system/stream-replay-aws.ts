/**
 * The AWS side of the stream replay (stream-replay.ts): the table's stream (DynamoDB Streams), the
 * on-failure queues (SQS) and the stream job's function (Lambda). Both DynamoDB Streams and SQS
 * speak the AWS JSON 1.0 protocol; the app's dependencies hold no client for either, so each call
 * is one signed POST (Signature V4, the SDK's own signer and credential chain). DynamoDB Local
 * answers the streams API on its one endpoint (DYNAMODB_ENDPOINT), as the tests use it.
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { StreamTrimmed, TRIMMED_ERRORS, type NoteQueue, type QueuedNote, type StreamJobRunner, type StreamReader } from './stream-replay';

type Bytes = string | ArrayBuffer | ArrayBufferView;
const toBuffer = (data: Bytes): Buffer =>
  typeof data === 'string' ? Buffer.from(data, 'utf8') : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

/** SHA-256 (an HMAC when given a secret) for the signer, from node:crypto. */
class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: Bytes) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(this.secret));
  }
  update(data: Bytes): void {
    this.hash.update(toBuffer(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

/** An error answered by an AWS JSON service: `name` is its type (`TrimmedDataAccessException`). */
export class AwsJsonError extends Error {
  constructor(readonly type: string, message: string, readonly status: number) {
    super(`${type}: ${message}`);
    this.name = type;
  }
}

export interface AwsJsonService {
  /** `https://streams.dynamodb.eu-west-1.amazonaws.com` (or DynamoDB Local's). */
  endpoint: string;
  region: string;
  /** The signing name (`dynamodb`, `sqs`). */
  signingName: string;
  /** The target prefix (`DynamoDBStreams_20120810`, `AmazonSQS`). */
  targetPrefix: string;
}

/** One call of an AWS JSON 1.0 service. */
export function awsJsonCaller(service: AwsJsonService): <T>(operation: string, input: Record<string, unknown>) => Promise<T> {
  const signer = new SignatureV4({ service: service.signingName, region: service.region, credentials: defaultProvider(), sha256: Sha256 });
  const url = new URL(service.endpoint);
  return async <T>(operation: string, input: Record<string, unknown>): Promise<T> => {
    const body = JSON.stringify(input);
    const signed = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname || '/',
      query: {},
      headers: { host: url.host, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `${service.targetPrefix}.${operation}` },
      body,
    });
    // fetch sets the host from the URL (the one signed).
    const headers = Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name.toLowerCase() !== 'host'));
    const res = await fetch(url, { method: 'POST', headers, body });
    const text = await res.text();
    const out = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (!res.ok) {
      const type = String(out.__type ?? res.headers.get('x-amzn-errortype') ?? `HTTP ${res.status}`).split('#').pop()!.split(':')[0]!;
      throw new AwsJsonError(type, String(out.message ?? out.Message ?? text), res.status);
    }
    return out as T;
  };
}

const region = () => process.env.AWS_REGION ?? 'us-east-1';

/** The table's stream: DynamoDB Local's endpoint locally (DYNAMODB_ENDPOINT), the region's streams endpoint in the cloud. */
export function dynamoStreamReader(endpoint = process.env.DYNAMODB_ENDPOINT ?? `https://streams.dynamodb.${region()}.amazonaws.com`): StreamReader {
  const call = awsJsonCaller({ endpoint, region: region(), signingName: 'dynamodb', targetPrefix: 'DynamoDBStreams_20120810' });
  const trimmed = (err: unknown) => (err instanceof AwsJsonError && TRIMMED_ERRORS.includes(err.type) ? new StreamTrimmed(err.message) : err);
  return {
    async iteratorAt(streamArn, shardId, sequenceNumber) {
      try {
        const out = await call<{ ShardIterator?: string }>('GetShardIterator', { StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: sequenceNumber });
        if (!out.ShardIterator) throw new StreamTrimmed('no iterator at the batch\'s first record');
        return out.ShardIterator;
      } catch (err) {
        throw trimmed(err);
      }
    },
    async records(iterator) {
      try {
        const out = await call<{ Records?: DynamoDBRecord[]; NextShardIterator?: string }>('GetRecords', { ShardIterator: iterator, Limit: 1000 });
        return { records: out.Records ?? [], next: out.NextShardIterator ?? null };
      } catch (err) {
        throw trimmed(err);
      }
    },
  };
}

/** An SQS queue by its URL (its host names the region's endpoint). */
export function sqsNoteQueue(queueUrl: string): NoteQueue {
  const url = new URL(queueUrl);
  const queueRegion = /^sqs\.([a-z0-9-]+)\./.exec(url.hostname)?.[1] ?? region();
  const call = awsJsonCaller({ endpoint: `${url.protocol}//${url.host}/`, region: queueRegion, signingName: 'sqs', targetPrefix: 'AmazonSQS' });
  return {
    async receive(max, visibilitySeconds) {
      const out = await call<{ Messages?: { MessageId: string; ReceiptHandle: string; Body: string }[] }>('ReceiveMessage', {
        QueueUrl: queueUrl,
        MaxNumberOfMessages: max,
        VisibilityTimeout: visibilitySeconds,
        WaitTimeSeconds: 1,
      });
      return (out.Messages ?? []).map((m): QueuedNote => ({ id: m.MessageId, body: m.Body, receipt: m.ReceiptHandle }));
    },
    async delete(receipt) {
      await call('DeleteMessage', { QueueUrl: queueUrl, ReceiptHandle: receipt });
    },
  };
}

/** Runs the stream job by invoking its function (a synchronous Invoke, as the mapping does); a function error throws. */
export function invokeStreamJob(functionName: string, client = new LambdaClient({ maxAttempts: 1, requestHandler: { requestTimeout: 900_000 } })): StreamJobRunner {
  return async (event) => {
    const out = await client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'RequestResponse', Payload: JSON.stringify(event) }));
    const text = out.Payload ? Buffer.from(out.Payload).toString('utf8') : '';
    if (out.FunctionError) throw new Error(`${functionName} failed (${out.FunctionError}): ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : {}) as DynamoDBBatchResponse;
  };
}

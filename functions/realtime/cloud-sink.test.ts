/**
 * The cloud's frame sink and the `$default` route, over a recording stand-in for API Gateway's
 * management API (there is no API Gateway here): a frame is posted to its connection as UTF-8
 * bytes, a gone connection (GoneException, 410) reads as 'gone', any other failure is thrown;
 * a ping is answered with a pong on the same connection and nothing else is answered.
 */
import type { PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { callbackUrl, CALLBACK_URL_ENV, cloudSink, isGone, postFrame, type ManagementApi } from './cloud-sink';
import { answerFrame, isPing } from './default';

function recordingApi(fail?: unknown): ManagementApi & { posted: { connectionId: string; text: string }[] } {
  const posted: { connectionId: string; text: string }[] = [];
  return {
    posted,
    send: async (command: PostToConnectionCommand) => {
      if (fail) throw fail;
      posted.push({ connectionId: command.input.ConnectionId!, text: new TextDecoder().decode(command.input.Data as Uint8Array) });
      return {};
    },
  };
}

const gone = Object.assign(new Error('gone'), { name: 'GoneException', $metadata: { httpStatusCode: 410 } });

describe('the cloud sink', () => {
  it('posts the frame\'s text to its connection', async () => {
    const api = recordingApi();
    expect(await cloudSink(api).send('c-1', '{"type":"pong"}')).toBe('sent');
    expect(api.posted).toEqual([{ connectionId: 'c-1', text: '{"type":"pong"}' }]);
  });

  it('reads a connection API Gateway no longer knows as gone', async () => {
    expect(await postFrame('c-1', 'x', recordingApi(gone))).toBe('gone');
    expect(await postFrame('c-1', 'x', recordingApi({ name: 'Whatever', $metadata: { httpStatusCode: 410 } }))).toBe('gone');
    expect(isGone({ name: 'GoneException' })).toBe(true);
    expect(isGone(null)).toBe(false);
  });

  it('throws any other failure', async () => {
    const throttled = Object.assign(new Error('slow down'), { name: 'LimitExceededException', $metadata: { httpStatusCode: 429 } });
    await expect(postFrame('c-1', 'x', recordingApi(throttled))).rejects.toBe(throttled);
  });

  it('names the stage\'s callback URL from REALTIME_CALLBACK_URL, and says so when it is missing', () => {
    const before = process.env[CALLBACK_URL_ENV];
    try {
      delete process.env[CALLBACK_URL_ENV];
      expect(() => callbackUrl()).toThrow(/REALTIME_CALLBACK_URL/);
      process.env[CALLBACK_URL_ENV] = 'https://abc.execute-api.eu-west-1.amazonaws.com/live';
      expect(callbackUrl()).toBe('https://abc.execute-api.eu-west-1.amazonaws.com/live');
    } finally {
      if (before === undefined) delete process.env[CALLBACK_URL_ENV];
      else process.env[CALLBACK_URL_ENV] = before;
    }
  });
});

describe('the $default route', () => {
  const frame = (body: string | undefined, isBase64Encoded = false) =>
    ({ body, isBase64Encoded, requestContext: { connectionId: 'c-9', routeKey: '$default', eventType: 'MESSAGE' } }) as unknown as APIGatewayProxyWebsocketEventV2;

  it('answers a ping with a pong on the same connection', async () => {
    const api = recordingApi();
    expect(await answerFrame(frame('{"type":"ping"}'), api)).toEqual({ statusCode: 200 });
    expect(api.posted).toEqual([{ connectionId: 'c-9', text: '{"type":"pong"}' }]);
  });

  it('ignores every other frame: other types, text that is not JSON, binary and oversized frames', async () => {
    const api = recordingApi();
    for (const body of ['{"type":"message"}', 'ping', '', 'null', `{"type":"ping","pad":"${'x'.repeat(5000)}"}`, undefined]) {
      expect(await answerFrame(frame(body), api)).toEqual({ statusCode: 200 });
    }
    expect(await answerFrame(frame(Buffer.from('{"type":"ping"}').toString('base64'), true), api)).toEqual({ statusCode: 200 });
    expect(api.posted).toEqual([]);
    expect(isPing('{"type":"ping"}')).toBe(true);
  });

  it('does not fail the route when the connection is already gone', async () => {
    expect(await answerFrame(frame('{"type":"ping"}'), recordingApi(gone))).toEqual({ statusCode: 200 });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataBusyError } from '../../db/errors';
import { serviceUnavailable } from '../errors';
import { logger } from '../logger';
import { errorEnvelope } from './errors';
import type { RouteRequest } from './types';

const answerTo = (error: unknown) => {
  const request = { error } as unknown as RouteRequest & { response?: { statusCode: number; headers: Record<string, string>; body: string } };
  void errorEnvelope().onError!(request);
  return request.response!;
};

describe('the error envelope', () => {
  it("answers the data layer's DataBusyError as the 503 the data layer used to throw: same message, Retry-After", () => {
    const busy = answerTo(new DataBusyError());
    const before = answerTo(serviceUnavailable('The site is busy; please try again'));
    expect(busy).toEqual(before);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(JSON.parse(busy.body)).toEqual({ status: 'error', error: { code: 'unavailable', message: 'The site is busy; please try again' } });
  });
});

describe('a service out of reach or busy', () => {
  afterEach(() => vi.restoreAllMocks());
  const quiet = () => ({ warn: vi.spyOn(logger, 'warn').mockImplementation(() => undefined), error: vi.spyOn(logger, 'error').mockImplementation(() => undefined) });
  /** As the SDK gives up: its retries put `$metadata` on the error. */
  const sdkError = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(name), { name, $metadata: { attempts: 3 }, ...extra });

  it.each([
    ['a call that timed out', sdkError('TimeoutError')],
    ['a refused connection', sdkError('Error', { code: 'ECONNREFUSED' })],
    ['a reset connection, as the cause', Object.assign(new Error('socket hang up'), { cause: sdkError('Error', { code: 'ECONNRESET' }) })],
    ['throttling after the retries', sdkError('ProvisionedThroughputExceededException', { $metadata: { httpStatusCode: 400 } })],
    ["the service's own 5xx", sdkError('UnknownError', { $metadata: { httpStatusCode: 503 } })],
  ])('answers %s as a 503 with Retry-After and the envelope, logged as a warning', (_, error) => {
    const log = quiet();
    const answer = answerTo(error);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'error', error: { code: 'unavailable' } });
  });

  it.each([
    ['a programming error', new TypeError('x is undefined')],
    ['a timeout of our own (not an SDK call)', Object.assign(new Error('late'), { name: 'TimeoutError' })],
    ['a refused connection outside the SDK', Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })],
    ['a sending quota of the mail service', sdkError('LimitExceededException', { $metadata: { httpStatusCode: 400 } })],
    ['a refusal of the request by the service', sdkError('ValidationException', { $metadata: { httpStatusCode: 400 } })],
    ['a failed condition', sdkError('ConditionalCheckFailedException', { $metadata: { httpStatusCode: 400 } })],
  ])('still answers %s as a 500, logged as an error', (_, error) => {
    const log = quiet();
    expect(answerTo(error).statusCode).toBe(500);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});

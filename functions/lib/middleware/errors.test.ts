import { describe, expect, it } from 'vitest';
import { DataBusyError } from '../../db/errors';
import { serviceUnavailable } from '../errors';
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

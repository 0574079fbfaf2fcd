import { describe, expect, it } from 'vitest';
import { isServiceUnavailable } from './aws-calls';

const gaveUp = () => Object.assign(new Error('connect ECONNREFUSED'), { name: 'TimeoutError', $metadata: {} });

describe('isServiceUnavailable', () => {
  it('is what an SDK call gave up with, also inside another error or among several side by side', () => {
    expect(isServiceUnavailable(gaveUp())).toBe(true);
    expect(isServiceUnavailable(new Error('wrapped', { cause: gaveUp() }))).toBe(true);
    expect(isServiceUnavailable(new AggregateError([new Error('a condition'), gaveUp()], 'could not record 2 of 5 photos'))).toBe(true);
  });

  it('is not our own errors, nor a timeout that no SDK call threw', () => {
    expect(isServiceUnavailable(new Error('plain'))).toBe(false);
    expect(isServiceUnavailable(Object.assign(new Error('ours'), { name: 'TimeoutError' }))).toBe(false);
    expect(isServiceUnavailable(new AggregateError([new Error('a'), new Error('b')], 'both ours'))).toBe(false);
    expect(isServiceUnavailable('text')).toBe(false);
  });
});

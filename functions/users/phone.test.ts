import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneCodeHash } from './phone';

describe('normalisePhone (E.164)', () => {
  it('keeps international numbers, without spaces, dashes, dots or brackets', () => {
    expect(normalisePhone('+61 412 345 678')).toBe('+61412345678');
    expect(normalisePhone('+1 (415) 555-0100')).toBe('+14155550100');
    expect(normalisePhone('+44.20.7946.0958')).toBe('+442079460958');
  });

  it.each(['0412 345 678', '+0412345678', '+61 41', '+1234567890123456', '+61 4l2 345 678', '61412345678', ''])('refuses %j', (raw) => {
    expect(normalisePhone(raw)).toBeNull();
  });
});

describe('phoneCodeHash', () => {
  it('never stores the code and differs per record for the same code', () => {
    const a = phoneCodeHash('rec-a', '123456');
    expect(a).not.toContain('123456');
    expect(a).not.toBe(phoneCodeHash('rec-b', '123456'));
    expect(a).toBe(phoneCodeHash('rec-a', '123456'));
  });
});

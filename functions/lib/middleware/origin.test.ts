import { describe, expect, it } from 'vitest';
import { stripPort } from './origin';

describe('stripPort (CloudFront-Viewer-Address)', () => {
  it('removes the port from IPv4 and IPv6 viewer addresses', () => {
    expect(stripPort('203.0.113.5:4431')).toBe('203.0.113.5');
    expect(stripPort('2001:db8::1:443')).toBe('2001:db8::1');
    expect(stripPort('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(stripPort('198.51.100.1')).toBe('198.51.100.1');
  });
});

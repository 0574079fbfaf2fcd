import { describe, expect, it } from 'vitest';
import { ipKey } from './ip-key';

describe('ipKey', () => {
  it('leaves an IPv4 address as it is', () => {
    expect(ipKey('203.0.113.5')).toBe('203.0.113.5');
    expect(ipKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('maps an IPv6 address to its /64, whichever way it is written', () => {
    const key = '2001:db8:0:1::/64';
    for (const ip of [
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:0db8:0000:0001:0000:0000:0000:0001',
      '2001:DB8:0:1:a:b:c:d',
      '2001:db8::1:0:0:0:1',
      '2001:db8:0:1::',
      '2001:db8:0:1:0:0:192.0.2.1',
    ]) {
      expect(ipKey(ip), ip).toBe(key);
    }
    expect(ipKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(ipKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('::')).toBe('0:0:0:0::/64');
    expect(ipKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('maps an IPv4-mapped IPv6 address to the IPv4 address', () => {
    expect(ipKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(ipKey('::FFFF:192.0.2.7')).toBe('192.0.2.7');
    expect(ipKey('::ffff:c000:0207')).toBe('192.0.2.7');
    expect(ipKey('0:0:0:0:0:ffff:c000:207')).toBe('192.0.2.7');
  });

  it('leaves what is not an IP address as it is (it still counts, as itself)', () => {
    expect(ipKey('')).toBe('');
    expect(ipKey('not-an-ip')).toBe('not-an-ip');
    expect(ipKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});

/**
 * The part of a client's address that per-IP rate limits count. An IPv4 address is one client
 * (or one NAT). An IPv6 subscriber usually holds a whole /64 and can pick any of its 2^64
 * addresses, so IPv6 is counted per /64; an IPv4-mapped IPv6 address counts as its IPv4 address.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail folded in). */
function groupsOf(ip: string): number[] {
  let s = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = s.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill('0');
  return [...h, ...zeros, ...t].map((g) => parseInt(g, 16));
}

/** `2001:db8:0:1::5` → `2001:db8:0:1::/64`; `::ffff:192.0.2.7` → `192.0.2.7`; IPv4 and anything else unchanged. */
export function ipKey(ip: string): string {
  const addr = ip.trim().replace(/%.*$/, ''); // a zone id (fe80::1%eth0) is not part of the address
  if (isIPv4(addr)) return addr;
  if (!isIPv6(addr)) return ip;
  const g = groupsOf(addr);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff].join('.');
  }
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}

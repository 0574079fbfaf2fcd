import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isOnOrigins, parseOrigins } from './security-headers';

describe('contentSecurityPolicy', () => {
  it('puts each kind of origin in its directives only, in a fixed order, without duplicates', () => {
    const policy = contentSecurityPolicy({
      upload: 'https://bucket.s3.eu-west-1.amazonaws.com',
      tiles: ['https://tiles.example.net', 'https://tiles.example.net'],
      media: ['https://video.example.net'],
      webSockets: ['wss://live.example.net'],
    });
    expect(policy.split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' blob: https://bucket.s3.eu-west-1.amazonaws.com https://tiles.example.net",
      "font-src 'self'",
      "connect-src 'self' https://bucket.s3.eu-west-1.amazonaws.com https://tiles.example.net wss://live.example.net",
      "media-src 'self' https://video.example.net",
      "frame-src 'self' https://video.example.net",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]);
  });

  it('refuses a source that would end the source list or the directive', () => {
    const base = { upload: 'https://b.example', tiles: [], media: [], webSockets: [] };
    expect(() => contentSecurityPolicy({ ...base, tiles: ["https://a.example; script-src 'unsafe-inline'"] })).toThrow(/cannot be a Content-Security-Policy source/);
    expect(() => contentSecurityPolicy({ ...base, media: ['https://a.example,https://b.example'] })).toThrow();
    expect(() => contentSecurityPolicy({ ...base, upload: '' })).toThrow();
  });
});

describe('parseOrigins', () => {
  it('reads comma- or space-separated origins in canonical form; none is the empty list', () => {
    expect(parseOrigins('https://Tiles.Example.net/, https://b.example:8443', 'x')).toEqual(['https://tiles.example.net', 'https://b.example:8443']);
    expect(parseOrigins('https://a.example https://a.example', 'x')).toEqual(['https://a.example']);
    expect(parseOrigins('none', 'x')).toEqual([]);
    expect(parseOrigins('wss://live.example.net', 'x', ['wss'])).toEqual(['wss://live.example.net']);
  });

  it('refuses anything but a bare origin of the allowed schemes, naming what it reads', () => {
    for (const bad of ['http://a.example', 'https://a.example/tiles', 'https://a.example?x', 'https://u:p@a.example', 'https://*.a.example', 'a.example', "https://a.example;"]) {
      expect(() => parseOrigins(bad, '-c cspTileOrigins'), bad).toThrow(/^-c cspTileOrigins: /);
    }
    expect(() => parseOrigins('https://live.example.net', 'ws', ['wss'])).toThrow(/wss/);
  });
});

describe('isOnOrigins', () => {
  const allowed = ['https://tile.openstreetmap.org'];
  it('accepts absolute URLs on an allowed origin', () => {
    expect(isOnOrigins('https://tile.openstreetmap.org/{z}/{x}/{y}.png', allowed)).toBe(true);
    expect(isOnOrigins('https://tile.openstreetmap.org:443/{z}/{x}/{y}.png', allowed)).toBe(true);
  });

  it('refuses other origins, credentials, relative and look-alike URLs', () => {
    for (const url of [
      'http://tile.openstreetmap.org/{z}/{x}/{y}.png',
      'https://tile.openstreetmap.org.evil.example/{z}.png',
      'https://evil.example/https://tile.openstreetmap.org/',
      'https://tile.openstreetmap.org:8443/{z}.png',
      'https://user@tile.openstreetmap.org/{z}.png',
      'https:\\\\tile.openstreetmap.org/{z}.png',
      'https://evil.example\\@tile.openstreetmap.org/',
      '//tile.openstreetmap.org/{z}.png',
      '/tiles/{z}.png',
      'javascript:alert(1)',
      '',
    ]) {
      expect(isOnOrigins(url, allowed), url).toBe(false);
    }
  });
});

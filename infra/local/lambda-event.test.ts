import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { toEvent } from './lambda-event';
import { matchRoute } from './match';

function request(method: string, url: string, headers: Record<string, string>): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: '::ffff:192.0.2.7' });
  const req = new IncomingMessage(socket);
  req.method = method;
  req.url = url;
  req.headers = headers;
  req.httpVersion = '1.1';
  return req;
}

describe('toEvent (API Gateway payload 2.0)', () => {
  it('splits cookies into the cookies array and drops the cookie header', () => {
    const ev = toEvent(request('GET', '/api/x', { cookie: 'a=1; b=2', 'client-platform': 'browser' }), Buffer.alloc(0), 'GET /api/x', undefined);
    expect(ev.cookies).toEqual(['a=1', 'b=2']);
    expect(ev.headers.cookie).toBeUndefined();
    expect(ev.headers['client-platform']).toBe('browser');
  });

  it('keeps rawPath and rawQueryString as sent and joins repeated query values with commas', () => {
    const ev = toEvent(request('GET', '/api/a%20b?x=1&x=2&y=%C3%A9', {}), Buffer.alloc(0), '$default', undefined);
    expect(ev.rawPath).toBe('/api/a%20b');
    expect(ev.rawQueryString).toBe('x=1&x=2&y=%C3%A9');
    expect(ev.queryStringParameters).toEqual({ x: '1,2', y: 'é' });
  });

  it('strips headers only CloudFront may set, and takes the socket address as sourceIp', () => {
    const ev = toEvent(
      request('GET', '/api/x', { 'cloudfront-viewer-address': '203.0.113.9:443', 'x-origin-verify': 'guess', 'x-forwarded-for': '1.2.3.4' }),
      Buffer.alloc(0),
      'GET /api/x',
      undefined,
    );
    expect(ev.headers['cloudfront-viewer-address']).toBeUndefined();
    expect(ev.headers['x-origin-verify']).toBeUndefined();
    expect(ev.headers['x-forwarded-for']).toBeUndefined();
    expect(ev.requestContext.http.sourceIp).toBe('192.0.2.7');
  });

  it('passes JSON bodies as text and binary bodies as base64', () => {
    const json = toEvent(request('POST', '/api/x', { 'content-type': 'application/json' }), Buffer.from('{"a":1}'), 'POST /api/x', undefined);
    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });
    const bin = toEvent(request('POST', '/api/x', { 'content-type': 'image/png' }), Buffer.from([0xff, 0]), 'POST /api/x', undefined);
    expect(bin).toMatchObject({ body: Buffer.from([0xff, 0]).toString('base64'), isBase64Encoded: true });
  });
});

describe('matchRoute', () => {
  it('matches literal routes and returns null for unknown paths or methods', () => {
    expect(matchRoute('GET', '/api/site-settings/get-site')?.route.handler).toBe('site-settings/handlers/get-site');
    expect(matchRoute('POST', '/api/site-settings/get-site')).toBeNull();
    expect(matchRoute('GET', '/api/site-settings/get-site/extra')).toBeNull();
    expect(matchRoute('GET', '/api/site-settings/get-site/')).toBeNull();
  });
});

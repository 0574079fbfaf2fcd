import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSigningSecretCache } from '../secrets';
import { originChecked, originGuard, stripPort } from './origin';
import type { RouteRequest } from './types';

describe('stripPort (CloudFront-Viewer-Address)', () => {
  it('removes the port from IPv4 and IPv6 viewer addresses', () => {
    expect(stripPort('203.0.113.5:4431')).toBe('203.0.113.5');
    expect(stripPort('2001:db8::1:443')).toBe('2001:db8::1');
    expect(stripPort('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(stripPort('198.51.100.1')).toBe('198.51.100.1');
  });
});

describe('originGuard in the cloud (the secret read by ARN through the extension)', () => {
  const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:Origin-abc';
  let current = 'first-secret';
  let reads = 0;
  let server: Server;

  beforeAll(async () => {
    server = createServer((req, res) => {
      reads++;
      const ok = req.headers['x-aws-parameters-secrets-token'] === 'token' && new URL(req.url ?? '/', 'http://x').searchParams.get('secretId') === ARN;
      if (!ok) return void res.writeHead(400).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ SecretString: current }));
    });
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    vi.stubEnv('ORIGIN_SECRET', '');
    vi.stubEnv('ORIGIN_SECRET_ARN', ARN);
    vi.stubEnv('AWS_SESSION_TOKEN', 'token');
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String((server.address() as AddressInfo).port));
    current = 'first-secret';
    reads = 0;
    resetSigningSecretCache();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.useRealTimers();
    resetSigningSecretCache();
  });

  const request = (headers: Record<string, string>) =>
    ({
      event: { headers, requestContext: { http: { sourceIp: '198.51.100.7' } } },
      context: { route: {} },
    }) as unknown as RouteRequest;
  const guard = async (headers: Record<string, string>) => {
    const req = request(headers);
    await originGuard().before!(req);
    return req.context.route.clientIp;
  };

  it('lets CloudFront\'s requests in, with the viewer\'s address, and refuses the rest with 403', async () => {
    expect(originChecked()).toBe(true);
    await expect(guard({ 'x-origin-verify': 'first-secret', 'cloudfront-viewer-address': '203.0.113.5:4431' })).resolves.toBe('203.0.113.5');
    await expect(guard({})).rejects.toMatchObject({ status: 403 });
    await expect(guard({ 'x-origin-verify': 'first-secreT' })).rejects.toMatchObject({ status: 403 });
    expect(reads).toBe(1);
  });

  it('follows a rotated secret after a minute without asking the extension on every refused request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await guard({ 'x-origin-verify': 'first-secret' });
    current = 'second-secret';
    await expect(guard({ 'x-origin-verify': 'second-secret' })).rejects.toMatchObject({ status: 403 });
    await expect(guard({ 'x-origin-verify': 'second-secret' })).rejects.toMatchObject({ status: 403 });
    expect(reads).toBe(1);
    vi.setSystemTime(Date.now() + 61_000);
    await expect(guard({ 'x-origin-verify': 'second-secret' })).resolves.toBe('198.51.100.7');
    await expect(guard({ 'x-origin-verify': 'first-secret' })).rejects.toMatchObject({ status: 403 });
    expect(reads).toBe(2);
  });

  it('checks nothing on the local host, where no secret is configured', async () => {
    vi.stubEnv('ORIGIN_SECRET_ARN', '');
    expect(originChecked()).toBe(false);
    await expect(guard({ 'cloudfront-viewer-address': '203.0.113.5:1' })).resolves.toBe('198.51.100.7');
    expect(reads).toBe(0);
  });
});

import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { originSecret, resetSigningSecretCache, signingSecret } from './secrets';

/** A stand-in for the Parameters and Secrets extension: values by secret id, the session token required. */
const values = new Map<string, string>();
const asked: { path: string; token: string | undefined }[] = [];
let failNext = 0;
let server: Server;

const SIGNING_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:Signing-abc';
const ORIGIN_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:Origin-def';

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const token = req.headers['x-aws-parameters-secrets-token'] as string | undefined;
    asked.push({ path: `${url.pathname}?secretId=${url.searchParams.get('secretId')}`, token });
    const value = values.get(url.searchParams.get('secretId') ?? '');
    if (failNext > 0) {
      failNext--;
      res.writeHead(500).end('try later');
    } else if (token !== 'session-token' || url.pathname !== '/secretsmanager/get' || value === undefined) {
      res.writeHead(400).end('not found');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Name: 'x', SecretString: value, VersionId: 'v1' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String((server.address() as AddressInfo).port));
  vi.stubEnv('AWS_SESSION_TOKEN', 'session-token');
  vi.stubEnv('SIGNING_SECRET_FILE', '');
  vi.stubEnv('ORIGIN_SECRET', '');
  vi.stubEnv('ORIGIN_SECRET_ARN', '');
  vi.stubEnv('SIGNING_SECRET_ARN', '');
  values.clear();
  asked.length = 0;
  failNext = 0;
  resetSigningSecretCache();
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  resetSigningSecretCache();
});

describe('secrets in the cloud: the Parameters and Secrets extension on localhost', () => {
  it('reads the signing secret once per container, by ARN, with the sandbox\'s session token', async () => {
    const key = randomBytes(48);
    values.set(SIGNING_ARN, key.toString('base64url'));
    vi.stubEnv('SIGNING_SECRET_ARN', SIGNING_ARN);
    const reads = await Promise.all([signingSecret(), signingSecret()]);
    await signingSecret();
    for (const read of reads) expect(Buffer.from(read).equals(key)).toBe(true);
    expect(asked).toEqual([{ path: `/secretsmanager/get?secretId=${SIGNING_ARN}`, token: 'session-token' }]);
  });

  it('does not keep a failed read: the next request asks again', async () => {
    values.set(SIGNING_ARN, randomBytes(32).toString('base64url'));
    vi.stubEnv('SIGNING_SECRET_ARN', SIGNING_ARN);
    failNext = 1;
    await expect(signingSecret()).rejects.toThrow(/secrets extension answered 500/);
    await expect(signingSecret()).resolves.toHaveLength(32);
    expect(asked).toHaveLength(2);
  });

  it('refuses a signing secret shorter than 256 bits', async () => {
    values.set(SIGNING_ARN, randomBytes(16).toString('base64url'));
    vi.stubEnv('SIGNING_SECRET_ARN', SIGNING_ARN);
    await expect(signingSecret()).rejects.toThrow(/at least 256 bits/);
  });

  it('needs the session token the extension checks', async () => {
    vi.stubEnv('SIGNING_SECRET_ARN', SIGNING_ARN);
    vi.stubEnv('AWS_SESSION_TOKEN', '');
    await expect(signingSecret()).rejects.toThrow(/AWS_SESSION_TOKEN/);
    expect(asked).toEqual([]);
  });

  it('reads the origin secret once per container by ARN, and again only when asked to refresh an old value', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    values.set(ORIGIN_ARN, 'first');
    vi.stubEnv('ORIGIN_SECRET_ARN', ORIGIN_ARN);
    expect(await originSecret()).toBe('first');
    values.set(ORIGIN_ARN, 'second');
    expect(await originSecret()).toBe('first');
    expect(await originSecret({ refreshOlderThanMs: 60_000 })).toBe('first');
    expect(asked).toHaveLength(1);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await originSecret({ refreshOlderThanMs: 60_000 })).toBe('second');
    expect(await originSecret()).toBe('second');
    expect(asked).toHaveLength(2);
  });
});

describe('secrets elsewhere', () => {
  it('takes the origin secret as given where a host passes it directly, and has none on the local host', async () => {
    vi.stubEnv('ORIGIN_SECRET', 'direct');
    expect(await originSecret()).toBe('direct');
    vi.stubEnv('ORIGIN_SECRET', '');
    expect(await originSecret()).toBeUndefined();
    expect(asked).toEqual([]);
  });
});

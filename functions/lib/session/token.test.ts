import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetSigningSecretCache } from '../secrets';
import { signAccessToken, verifyAccessToken, type Session } from './token';

const session: Session = {
  userId: 'u-1', familyId: 'f-1', csrfToken: 'c-1', role: 'user', emailVerified: true, registered: false, suspended: false,
};

function useSecret(bytes: Buffer): void {
  const file = join(mkdtempSync(join(tmpdir(), 'secret-')), 'secret');
  writeFileSync(file, bytes.toString('base64url'));
  process.env.SIGNING_SECRET_FILE = file;
  delete process.env.SIGNING_SECRET_ARN;
  resetSigningSecretCache();
}

describe('access tokens', () => {
  const secret = randomBytes(32);
  beforeAll(() => useSecret(secret));

  it('round-trips every claim of the session', async () => {
    expect(await verifyAccessToken(await signAccessToken(session))).toEqual(session);
  });

  it('rejects an expired token', async () => {
    expect(await verifyAccessToken(await signAccessToken(session, -10))).toBeNull();
  });

  it('rejects a token signed with another secret', async () => {
    const forged = await new SignJWT({ fam: 'f', csrf: 'c', role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('attacker')
      .setIssuer('leafline')
      .setAudience('leafline-api')
      .setExpirationTime('1h')
      .sign(randomBytes(32));
    expect(await verifyAccessToken(forged)).toBeNull();
  });

  it('rejects an unsigned token (alg none) and garbage', async () => {
    const [, payload] = (await signAccessToken({ ...session, role: 'admin' })).split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await verifyAccessToken(none)).toBeNull();
    expect(await verifyAccessToken('not.a.token')).toBeNull();
    expect(await verifyAccessToken('')).toBeNull();
  });

  it('speaks standard JWT: a token signed by a JOSE library verifies, and ours verifies there', async () => {
    const theirs = await new SignJWT({ fam: 'f-1', csrf: 'c-1', role: 'user', ev: true, reg: false, sus: false })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u-1')
      .setIssuer('leafline')
      .setAudience('leafline-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(secret);
    expect(await verifyAccessToken(theirs)).toEqual(session);
    const { payload } = await jwtVerify(await signAccessToken(session), secret, { issuer: 'leafline', audience: 'leafline-api', algorithms: ['HS256'] });
    expect(payload).toMatchObject({ sub: 'u-1', fam: 'f-1', csrf: 'c-1' });
  });

  it('rejects a tampered payload, another algorithm, a wrong issuer or audience, and a token not yet valid', async () => {
    const [header, payload, signature] = (await signAccessToken(session)).split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const edit = (over: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...claims, ...over })).toString('base64url');
    expect(await verifyAccessToken(`${header}.${edit({ role: 'admin' })}.${signature}`)).toBeNull();
    // The same signature spelled otherwise (padding, base64 instead of base64url) is not the token.
    expect(await verifyAccessToken(`${header}.${payload}.${signature}=`)).toBeNull();
    expect(await verifyAccessToken(`${header}.${payload}.${signature.slice(0, 10)}!${signature.slice(10)}`)).toBeNull();
    const hs512 = Buffer.from('{"alg":"HS512","typ":"JWT"}').toString('base64url');
    expect(await verifyAccessToken(`${hs512}.${payload}.${signature}`)).toBeNull();
    const sign = (over: Record<string, unknown>) =>
      new SignJWT({ fam: 'f', csrf: 'c', role: 'user', ...over }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setExpirationTime('5m');
    expect(await verifyAccessToken(await sign({}).setIssuer('other').setAudience('leafline-api').sign(secret))).toBeNull();
    expect(await verifyAccessToken(await sign({}).setIssuer('leafline').setAudience('other').sign(secret))).toBeNull();
    expect(await verifyAccessToken(await sign({}).setIssuer('leafline').setAudience('leafline-api').setNotBefore('10m').sign(secret))).toBeNull();
    expect(await verifyAccessToken(await sign({ role: 'root' }).setIssuer('leafline').setAudience('leafline-api').sign(secret))).toBeNull();
  });

  it('refuses a signing secret shorter than 256 bits', async () => {
    useSecret(randomBytes(8));
    await expect(signAccessToken(session)).rejects.toThrow(/256 bits/);
    useSecret(secret);
  });
});

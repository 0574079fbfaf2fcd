import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
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

  it('refuses a signing secret shorter than 256 bits', async () => {
    useSecret(randomBytes(8));
    await expect(signAccessToken(session)).rejects.toThrow(/256 bits/);
    useSecret(secret);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIL_SETTINGS } from '../../../shared/constants';
import { DEFAULT_USER_SETTINGS } from '../../../shared/schemas/users';
import { resetSigningSecretCache } from '../secrets';
import { mailer } from './mailer';
import { readUnsubscribeToken, unsubscribeHeaders, unsubscribeLink, unsubscribeToken } from './unsubscribe';

const dir = mkdtempSync(join(tmpdir(), 'unsubscribe-'));
function useKey(name: string): void {
  const file = join(dir, name);
  writeFileSync(file, randomBytes(32).toString('base64url'));
  vi.stubEnv('SIGNING_SECRET_ARN', '');
  vi.stubEnv('SIGNING_SECRET_FILE', file);
  resetSigningSecretCache();
}

beforeEach(() => {
  useKey('key-a');
  vi.stubEnv('SITE_ORIGIN', 'https://plants.example');
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetSigningSecretCache();
});

describe('unsubscribe tokens', () => {
  it('name a member and one of their mail settings, and read back as both', async () => {
    const userId = randomUUID();
    for (const setting of MAIL_SETTINGS) {
      expect(DEFAULT_USER_SETTINGS).toHaveProperty(setting);
      const token = await unsubscribeToken(userId, setting);
      expect(token).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(await readUnsubscribeToken(token)).toEqual({ userId, setting });
    }
  });

  it('refuse a token with another member, another setting, a changed signature or another key', async () => {
    const [userId, other] = [randomUUID(), randomUUID()];
    const token = await unsubscribeToken(userId, 'notify_email_messages');
    const [, , signature] = token.split('.');
    expect(await readUnsubscribeToken(`${other}.notify_email_messages.${signature}`)).toBeNull();
    expect(await readUnsubscribeToken(`${userId}.notify_email_comments.${signature}`)).toBeNull();
    expect(await readUnsubscribeToken(`${userId}.show_in_nearby.${signature}`)).toBeNull();
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BA' : 'AA');
    expect(await readUnsubscribeToken(`${userId}.notify_email_messages.${flipped}`)).toBeNull();
    for (const junk of ['', '.', 'a.b.c', `${userId}.notify_email_messages`, `${token}.x`, `${userId}.notify_email_messages.`]) {
      expect(await readUnsubscribeToken(junk)).toBeNull();
    }
    useKey('key-b');
    expect(await readUnsubscribeToken(token)).toBeNull();
  });

  it('give the RFC 8058 headers and the page that asks first', async () => {
    const userId = randomUUID();
    const token = await unsubscribeToken(userId, 'notify_email_comments');
    expect(await unsubscribeHeaders(userId, 'notify_email_comments')).toEqual({
      'List-Unsubscribe': `<https://plants.example/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await unsubscribeLink(userId, 'notify_email_comments')).toBe(`https://plants.example/auth/unsubscribe?token=${token}`);
  });

  it('the outbox shows a mail\'s headers as an object', async () => {
    const outbox = mkdtempSync(join(tmpdir(), 'outbox-'));
    const headers = await unsubscribeHeaders(randomUUID(), 'notify_email_events');
    await mailer({ OUTBOX_DIR: outbox }).send({ to: 'a@example.com', subject: 'Hi', text: 'Body', headers });
    const entry = JSON.parse(readFileSync(join(outbox, 'outbox.jsonl'), 'utf8').trim()) as Record<string, unknown>;
    expect(entry.headers).toEqual(headers);
  });
});

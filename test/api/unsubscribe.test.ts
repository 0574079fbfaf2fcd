/**
 * The one-click unsubscribe (RFC 8058): a reminder mail carries the two headers and the link in
 * its text, the header's URL posted as a mail client posts it turns the setting off (read back
 * through GET user-settings), the SPA's empty body does the same, it is idempotent, a deleted
 * account changes nothing, and a token names exactly one member and one setting. What 10,000
 * calls cost: DynamoDB calls counted by the SDK middleware (functions/db/metrics.ts).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { UserSettings } from '../../shared/answers/users';
import { DEFAULT_USER_SETTINGS } from '../../shared/schemas/users';
import { sendReminders } from '../../functions/events/series';
import { ddbMetrics, resetDdbMetrics } from '../../functions/db/metrics';
import { unsubscribe } from '../../functions/mail/opt-out';
import { unsubscribeToken } from '../../functions/lib/outbound/unsubscribe';
import { resetSigningSecretCache } from '../../functions/lib/secrets';
import { as } from '../support/accounts';
import { call, hostUrl } from '../support/api';
import { deleteItem, getItem } from '../support/db';
import { attend, dateIn, newEvent } from '../support/events';
import { useHostTableAndBucket } from '../support/host-env';
import { outbox } from '../support/outbox';
import { registeredUser, type TestUser } from '../support/users';

const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(() => {
  // Counts this process's DynamoDB calls (set before its client is made); tokens signed with the host's key.
  useHostTableAndBucket({ DDB_METRICS: 'true', SIGNING_SECRET_FILE: inject('signingSecretFile') });
  resetSigningSecretCache();
});

async function settingsOf(who: TestUser): Promise<UserSettings> {
  const res = await as<UserSettings & { calendarFeedUrl: string | null }>(who.browser, 'GET', '/api/iam/users/user-settings');
  expect(res.status).toBe(200);
  const { calendarFeedUrl: _feed, ...settings } = res.data;
  return settings;
}

/** POST /api/unsubscribe/{token} as a mail client does: no client-platform header, no session, the one-click form. */
const oneClick = (path: string) => call('POST', path, { noPlatform: true, rawBody: 'List-Unsubscribe=One-Click', headers: ONE_CLICK });
const pathFor = (token: string) => `/api/unsubscribe/${token}`;

describe('a reminder mail', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post, and the page in its text; the header\'s URL posted in one click turns event mails off', async () => {
    const [creator, going] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(creator, { specifics: [dateIn(0.5)] });
    await attend(going, e.specifics[0]!.id, 'GOING');
    await sendReminders();
    const mail = (await outbox()).find((m) => m.channel === 'email' && m.to === going.email && m.subject === `Tomorrow: ${e.title}`);
    expect(mail).toBeDefined();
    const headers = mail!.headers!;
    expect(Object.keys(headers).sort()).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https?:\/\/[^>]+\/api\/unsubscribe\/([^>/]+))>$/.exec(headers['List-Unsubscribe']!);
    expect(url, headers['List-Unsubscribe']).not.toBeNull();
    const token = url![2]!;
    expect(token.split('.').slice(0, 2)).toEqual([going.uuid, 'notify_email_events']);
    // The text links to the page that asks first, with the same token.
    expect(mail!.text).toContain(`/auth/unsubscribe?token=${encodeURIComponent(token)}`);

    expect((await settingsOf(going)).notify_email_events).toBe(true);
    const res = await oneClick(new URL(url![1]!).pathname);
    expect(res.status, res.text).toBe(200);
    expect(res.data).toEqual({ setting: 'notify_email_events', off: true });
    expect(await settingsOf(going)).toMatchObject({ notify_email_events: false, notify_email_messages: true, notify_email_comments: true });
  });
});

describe('a reminder whose unsubscribe link cannot be signed', () => {
  it('still goes out, without the headers and the link, rather than not at all', async () => {
    const [creator, going] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(creator, { specifics: [dateIn(0.5)] });
    await attend(going, e.specifics[0]!.id, 'GOING');
    const file = process.env.SIGNING_SECRET_FILE;
    process.env.SIGNING_SECRET_FILE = `${file}.missing`;
    resetSigningSecretCache();
    try {
      await sendReminders();
    } finally {
      process.env.SIGNING_SECRET_FILE = file;
      resetSigningSecretCache();
    }
    const mail = (await outbox()).find((m) => m.channel === 'email' && m.to === going.email && m.subject === `Tomorrow: ${e.title}`);
    expect(mail).toBeDefined();
    expect(mail!.headers ?? {}).toEqual({});
    expect(mail!.text).not.toContain('/auth/unsubscribe');
    expect(mail!.text).toContain(`A reminder: ${e.title} is on`);
  });
});

describe('POST /api/unsubscribe/{token}', () => {
  it('takes the SPA\'s empty body (no content type) too, and is idempotent: a second call answers the same and writes nothing', async () => {
    const who = await registeredUser();
    const token = await unsubscribeToken(who.uuid, 'notify_email_comments');
    // As the SPA posts it: no body and no content type (nor the client-platform header it sends anyway).
    const empty = await fetch(hostUrl() + pathFor(token), { method: 'POST' });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ status: 'success', data: { setting: 'notify_email_comments', off: true } });
    const stored = await getItem(`user#${who.uuid}`, 'settings');
    expect(stored).toMatchObject({ notify_email_comments: false });
    const again = await oneClick(pathFor(token));
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ setting: 'notify_email_comments', off: true });
    expect(await getItem(`user#${who.uuid}`, 'settings')).toEqual(stored);
    expect(await settingsOf(who)).toMatchObject({ notify_email_comments: false, notify_email_messages: true, notify_email_events: true });
  });

  it('a member with no settings stored yet gets the defaults with that one off', async () => {
    const who = await registeredUser();
    await deleteItem(`user#${who.uuid}`, 'settings');
    const res = await oneClick(pathFor(await unsubscribeToken(who.uuid, 'notify_email_messages')));
    expect(res.status, res.text).toBe(200);
    expect(await settingsOf(who)).toEqual({ ...DEFAULT_USER_SETTINGS, notify_email_messages: false });
  });

  it('answers 404 (never 400) to a token that is not ours: forged, altered, another member\'s id or another setting in a real token, or no token at all', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const real = await unsubscribeToken(a.uuid, 'notify_email_events');
    const [, , signature] = real.split('.');
    const before = await Promise.all([settingsOf(a), settingsOf(b)]);
    for (const token of [
      `${b.uuid}.notify_email_events.${signature}`, // A's signature cannot turn B's setting off
      `${a.uuid}.notify_email_messages.${signature}`, // nor another of A's settings
      `${a.uuid}.notify_email_events.${signature!.slice(0, -2)}AA`,
      `${a.uuid}.notify_email_events.`,
      `${real}.x`,
      'sample',
      'x'.repeat(5000),
      encodeURIComponent('../../iam/users/update-user-settings'),
    ]) {
      const res = await oneClick(pathFor(token));
      expect(res.status, token.slice(0, 80)).toBe(404);
      expect(res.json).toMatchObject({ status: 'error', error: { code: 'not_found' } });
    }
    expect(await Promise.all([settingsOf(a), settingsOf(b)])).toEqual(before);
  });

  it('answers 200 for a deleted account and changes nothing: no settings are made for it', async () => {
    const who = await registeredUser();
    const token = await unsubscribeToken(who.uuid, 'notify_email_events');
    expect((await as(who.browser, 'DELETE', '/api/iam/authn/delete', { uuid: who.uuid })).status).toBe(200);
    await deleteItem(`user#${who.uuid}`, 'settings');
    const res = await oneClick(pathFor(token));
    expect(res.status, res.text).toBe(200);
    expect(res.data).toEqual({ setting: 'notify_email_events', off: true });
    expect(await getItem(`user#${who.uuid}`, 'settings')).toBeUndefined();
    // An account never made (or swept away) answers the same.
    expect((await oneClick(pathFor(await unsubscribeToken(randomUUID(), 'notify_email_events')))).status).toBe(200);
  });

  it('takes the one click as multipart/form-data too, as RFC 8058 says a mail client should post it', async () => {
    const who = await registeredUser();
    const boundary = 'oneclick4f3a';
    const rawBody = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const res = await call('POST', pathFor(await unsubscribeToken(who.uuid, 'notify_email_comments')), { noPlatform: true, rawBody, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.status, res.text).toBe(200);
    expect((await settingsOf(who)).notify_email_comments).toBe(false);
    expect((await settingsOf(who)).notify_email_events).toBe(true);
  });

  it('refuses another content type (415), and a form with another field or value (400)', async () => {
    const who = await registeredUser();
    const path = pathFor(await unsubscribeToken(who.uuid, 'notify_email_events'));
    expect((await call('POST', path, { noPlatform: true, rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await call('POST', path, { noPlatform: true, rawBody: 'List-Unsubscribe=All', headers: ONE_CLICK })).status).toBe(400);
    expect((await call('POST', path, { noPlatform: true, rawBody: 'List-Unsubscribe=One-Click&admin=true', headers: ONE_CLICK })).status).toBe(400);
    expect((await call('POST', path, { noPlatform: true, rawBody: '__proto__=x', headers: ONE_CLICK })).status).toBe(400);
    expect((await settingsOf(who)).notify_email_events).toBe(true);
  });

  it('only this route takes a form: another public POST still answers 415 to one', async () => {
    const res = await call('POST', '/api/iam/authn/login', { rawBody: 'email=a%40b.c&password=x', headers: ONE_CLICK });
    expect(res.status).toBe(415);
  });
});

describe('what calls cost', () => {
  it('a forged or altered token is refused before any read: 10,000 of them make no DynamoDB call', async () => {
    const who = await registeredUser();
    const [, , signature] = (await unsubscribeToken(who.uuid, 'notify_email_events')).split('.');
    resetDdbMetrics();
    for (let i = 0; i < 10_000; i++) {
      const forged = i % 2 ? `${randomUUID()}.notify_email_events.${signature}` : `${who.uuid}.notify_email_messages.${signature}`;
      expect(await unsubscribe(forged)).toBeNull();
    }
    expect(ddbMetrics().calls).toBe(0);
  });

  it('a real token costs two reads (the account, its settings) and one write the first time only; it sends nothing', async () => {
    const who = await registeredUser();
    const token = await unsubscribeToken(who.uuid, 'notify_email_events');
    const mailsTo = async () => (await outbox()).filter((m) => m.to === who.email).length;
    const sent = await mailsTo();
    resetDdbMetrics();
    expect(await unsubscribe(token)).toEqual({ setting: 'notify_email_events', changed: true });
    const { GetItem, ...writes } = ddbMetrics().byOperation;
    expect(GetItem).toBe(2);
    // An update of the stored settings, or (none stored yet) their first put.
    expect(Object.values(writes)).toEqual([1]);
    resetDdbMetrics();
    const calls = 200;
    for (let i = 0; i < calls; i++) expect(await unsubscribe(token)).toEqual({ setting: 'notify_email_events', changed: false });
    expect(ddbMetrics().byOperation).toEqual({ GetItem: 2 * calls });
    // Over HTTP too: the route sends no mail and no SMS.
    for (let i = 0; i < 20; i++) expect((await oneClick(pathFor(token))).status).toBe(200);
    expect(await mailsTo()).toBe(sent);
  });
});

/**
 * Rate limits at their real defaults, on a host of this file's own (the shared test host raises
 * them). Each test speaks from its own loopback address, so that per-IP windows do not mix.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../functions/lib/rate-limit';
import { withOwnHost } from '../support/own-host';
import { clearOfWindowEnd } from '../support/windows';

const own = withOwnHost('limits-');

function post(path: string, body: unknown, from: string): Promise<{ status: number; retryAfter: string | undefined }> {
  const url = new URL(own.host.url + path);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', localAddress: from, headers: { 'client-platform': 'browser', 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * Sends until the limit answers 429. Limits count in fixed windows: a run that a window's end
 * would split (the count resetting half way) starts in the next window (the clock moved there).
 */
async function untilLimited(limit: { max: number; seconds: number }, send: (i: number) => Promise<{ status: number; retryAfter: string | undefined }>) {
  const { max } = limit;
  clearOfWindowEnd(limit.seconds, Math.min(limit.seconds / 4, 30 + max / 2));
  for (let i = 0; i < max; i++) {
    const res = await send(i);
    expect(res.status, `attempt ${i + 1} of ${max}`).not.toBe(429);
  }
  const limited = await send(max);
  expect(limited.status).toBe(429);
  expect(Number(limited.retryAfter)).toBeGreaterThan(0);
}

// The longest limits take a few hundred requests.
describe('rate limits (defaults)', { timeout: 400_000 }, () => {
  it(`login: ${DEFAULT_LIMITS.LOGIN_IP.max} per ${DEFAULT_LIMITS.LOGIN_IP.seconds / 60} min per IP`, async () => {
    await untilLimited(DEFAULT_LIMITS.LOGIN_IP, (i) => post('/api/iam/authn/login', { email: `ip-${i}@example.com`, password: 'Wrong-pass-1' }, '127.0.0.2'));
  });

  it(`login: ${DEFAULT_LIMITS.LOGIN_EMAIL.max} wrong tries an hour per e-mail and IP, so strangers elsewhere cannot lock the owner out`, async () => {
    const { createAccount } = await import('../../functions/users/users');
    const { hashPassword } = await import('../../functions/auth/passwords');
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    await createAccount(email, await hashPassword('Right-pass-2026'));
    // More than one address's limit, fewer than the account's own (test/api/login-limit.test.ts).
    expect(DEFAULT_LIMITS.LOGIN_ACCOUNT.max - 1).toBeGreaterThan(DEFAULT_LIMITS.LOGIN_EMAIL.max);
    for (let i = 0; i < DEFAULT_LIMITS.LOGIN_ACCOUNT.max - 1; i++) {
      expect((await post('/api/iam/authn/login', { email, password: 'Wrong-pass-1' }, `127.0.1.${i + 1}`)).status).toBe(401);
    }
    expect((await post('/api/iam/authn/login', { email, password: 'Right-pass-2026' }, '127.0.4.1')).status).toBe(200);
    // From one address, the address's wrong tries are counted (another account, which the account's own limit leaves alone).
    const other = `owner-${randomUUID().slice(0, 8)}@example.com`;
    await createAccount(other, await hashPassword('Right-pass-2026'));
    await untilLimited(DEFAULT_LIMITS.LOGIN_EMAIL, () => post('/api/iam/authn/login', { email: other, password: 'Wrong-pass-1' }, '127.0.4.2'));
  });

  it(`signup: ${DEFAULT_LIMITS.SIGNUP_IP.max} per 30 min per IP`, async () => {
    await untilLimited(DEFAULT_LIMITS.SIGNUP_IP, (i) => post('/api/iam/authn/signup', { email: `new-${i}-${Date.now()}@example.com`, password: 'Green-thumb-2026' }, '127.0.0.3'));
  });

  it(`password reset: ${DEFAULT_LIMITS.RESET_EMAIL.max} per 30 min per e-mail`, async () => {
    await untilLimited(DEFAULT_LIMITS.RESET_EMAIL, (i) => post('/api/iam/authn/reset', { email: 'reset-me@example.com' }, `127.0.2.${i + 1}`));
  });

  it(`reset and verification links: ${DEFAULT_LIMITS.LINK_MAIL_IP.max} per 30 min from one IP, whichever addresses`, async () => {
    expect(DEFAULT_LIMITS.LINK_MAIL_IP).toEqual({ max: 20, seconds: 1800 });
    await untilLimited(DEFAULT_LIMITS.LINK_MAIL_IP, (i) =>
      post(i % 2 ? '/api/iam/authn/reset' : '/api/iam/authn/verifyemail', { email: `anyone-${i}-${randomUUID().slice(0, 6)}@example.com` }, '127.0.0.6'),
    );
  });

  it(`verification e-mail: ${DEFAULT_LIMITS.VERIFY_EMAIL.max} per 30 min per e-mail`, async () => {
    await untilLimited(DEFAULT_LIMITS.VERIFY_EMAIL, (i) => post('/api/iam/authn/verifyemail', { email: 'verify-me@example.com' }, `127.0.3.${i + 1}`));
  });
});

/** A registered member of this file's host, with the cookies and csrf token of a fresh session (made in-process). */
async function memberSession(): Promise<{ userId: string; cookie: string; csrf: string }> {
  const { createAccount, saveUser, completeRegistration } = await import('../../functions/users/users');
  const { startSession } = await import('../../functions/auth/sessions');
  const created = await createAccount(`limits-${randomUUID().slice(0, 8)}@example.com`, 'not-a-real-hash');
  const user = await completeRegistration(await saveUser({ ...created!, emailVerified: true }), { username: `limit_${randomUUID().slice(0, 8)}`, firstName: 'Rae', lastName: 'Lim' });
  const issued = await startSession(user, 'rate-limit test');
  return { userId: user.uuid, cookie: issued.cookies.map((c) => c.split(';')[0]).join('; '), csrf: issued.session.csrfToken };
}

async function send(method: string, path: string, m: { cookie: string; csrf: string }, body: object): Promise<{ status: number; retryAfter: string | undefined }> {
  const res = await fetch(own.host.url + path, {
    method,
    headers: { 'client-platform': 'browser', 'content-type': 'application/json', cookie: m.cookie },
    body: JSON.stringify({ csrf_token: m.csrf, ...body }),
  });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: res.headers.get('retry-after') ?? undefined };
}

describe('content rate limits (defaults, per member)', () => {
  it(`posts and plant posts: ${DEFAULT_LIMITS.POST_USER.max} per hour`, async () => {
    const m = await memberSession();
    await untilLimited(DEFAULT_LIMITS.POST_USER, () => send('POST', '/api/iam/posts/new', m, { id: randomUUID(), text: 'hello', tags: [], photos: [], privacy: 'public' }));
    // Another member is not affected.
    const other = await memberSession();
    expect((await send('POST', '/api/iam/posts/new', other, { id: randomUUID(), text: 'hi', tags: [], photos: [], privacy: 'public' })).status).toBe(201);
  }, 400_000);

  it(`comments: ${DEFAULT_LIMITS.COMMENT_USER.max} per hour`, async () => {
    const author = await memberSession();
    const postId = randomUUID();
    expect((await send('POST', '/api/iam/posts/new', author, { id: postId, text: 'talk to me', tags: [], photos: [], privacy: 'public' })).status).toBe(201);
    const m = await memberSession();
    await untilLimited(DEFAULT_LIMITS.COMMENT_USER, () => send('POST', '/api/iam/posts/comment/new', m, { id: randomUUID(), post_id: postId, content: 'again', level: 0 }));
  }, 400_000);

  it(`photo upload URLs: ${DEFAULT_LIMITS.UPLOAD_USER.max} per hour`, async () => {
    const m = await memberSession();
    await untilLimited(DEFAULT_LIMITS.UPLOAD_USER, () => send('POST', '/api/iam/images/upload-url', m, { contentType: 'image/jpeg', size: 1000 }));
  }, 400_000);

  it(`"how to delete your account" mails: ${DEFAULT_LIMITS.ACCOUNT_MAIL_USER.max} a day per member`, async () => {
    expect(DEFAULT_LIMITS.ACCOUNT_MAIL_USER).toEqual({ max: 3, seconds: 86400 });
    const m = await memberSession();
    await untilLimited(DEFAULT_LIMITS.ACCOUNT_MAIL_USER, () => send('POST', '/api/iam/emails/account-deletion', m, {}));
  }, 400_000);

  it(`avatar upload URLs: ${DEFAULT_LIMITS.AVATAR_USER.max} per hour`, async () => {
    expect(DEFAULT_LIMITS.AVATAR_USER).toEqual({ max: 30, seconds: 3600 });
    const m = await memberSession();
    await untilLimited(DEFAULT_LIMITS.AVATAR_USER, () => send('POST', '/api/iam/images/avatar-upload', m, { contentType: 'image/png', size: 1000 }));
    // Another member is not affected.
    expect((await send('POST', '/api/iam/images/avatar-upload', await memberSession(), { contentType: 'image/png', size: 1000 })).status).toBe(200);
  }, 400_000);
});


describe('reaction and form rate limits (defaults, per member)', () => {
  it(`reactions: ${DEFAULT_LIMITS.REACTION_USER.max} per hour; the refused one writes nothing`, async () => {
    expect(DEFAULT_LIMITS.REACTION_USER).toEqual({ max: 300, seconds: 3600 });
    const author = await memberSession();
    const postId = randomUUID();
    expect((await send('POST', '/api/iam/posts/new', author, { id: postId, text: 'like me', tags: [], photos: [], privacy: 'public' })).status).toBe(201);
    const m = await memberSession();
    // Like and undo, again and again, as a script would.
    await untilLimited(DEFAULT_LIMITS.REACTION_USER, async () => {
      const liked = await send('POST', '/api/iam/posts/reaction/new', m, { post_id: postId });
      if (liked.status < 300) expect((await send('DELETE', '/api/iam/posts/reaction', m, { id: `p.${postId}.${m.userId}` })).status).toBe(200);
      return liked;
    });
    const { db } = await import('../../functions/db/service');
    const { notificationsOf, unreadTally } = await import('../../functions/notifications/notifications');
    expect((await db().entities.postReaction.get({ postId, userId: m.userId }).go()).data).toBeNull();
    expect((await db().entities.post.get({ id: postId }).go()).data).toMatchObject({ reactionCount: 0 });
    expect((await notificationsOf(author.userId, undefined)).items.filter((n) => n.kind === 'reaction')).toHaveLength(1);
    expect(await unreadTally(author.userId)).toBe(1);
    // Another member is not affected.
    expect((await send('POST', '/api/iam/posts/reaction/new', await memberSession(), { post_id: postId })).status).toBe(201);
  }, 400_000);

  it(`contact and report forms: ${DEFAULT_LIMITS.FORM_USER.max} per hour; the refused one is neither stored nor mailed`, async () => {
    expect(DEFAULT_LIMITS.FORM_USER).toEqual({ max: 5, seconds: 3600 });
    const admins = process.env.ADMIN_EMAILS;
    process.env.ADMIN_EMAILS = 'limits-admin@example.com';
    try {
      const m = await memberSession();
      const subject = `Hello ${randomUUID().slice(0, 8)}`;
      const ids: string[] = [];
      await untilLimited(DEFAULT_LIMITS.FORM_USER, () => {
        const id = randomUUID();
        ids.push(id);
        return send('POST', '/api/iam/forms/new', m, { id, kind: 'contact', subject, message: 'again' });
      });
      const { db } = await import('../../functions/db/service');
      const stored = await Promise.all(ids.map(async (id) => !!(await db().entities.formSubmission.get({ id }).go()).data));
      expect(stored).toEqual([...Array<boolean>(DEFAULT_LIMITS.FORM_USER.max).fill(true), false]);
      const mails = (await readFile(join(own.host.outboxDir, 'outbox.jsonl'), 'utf8')).split('\n').filter((l) => l.includes(`[contact] ${subject}`));
      expect(mails).toHaveLength(DEFAULT_LIMITS.FORM_USER.max);
      // Another member is not affected.
      expect((await send('POST', '/api/iam/forms/new', await memberSession(), { id: randomUUID(), kind: 'contact', subject, message: 'first' })).status).toBe(201);
    } finally {
      if (admins === undefined) delete process.env.ADMIN_EMAILS;
      else process.env.ADMIN_EMAILS = admins;
    }
  }, 90_000);
});

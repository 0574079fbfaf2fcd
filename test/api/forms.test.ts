import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asTestSession, member } from '../support/accounts';
import { call, mintSession, type TestSession } from '../support/api';
import { getItem } from '../support/db';
import { outbox } from '../support/outbox';

/** A real member's session: a form's author must have an account (a minted token names none). */
async function memberSession(): Promise<TestSession> {
  const m = await member();
  return { ...(await mintSession({ userId: m.profile.uuid })), ...asTestSession(m) };
}

describe('POST /api/iam/forms/new', () => {
  it('stores a contact form with the session user as author and e-mails every admin', async () => {
    const user = await memberSession();
    const id = randomUUID();
    const res = await call<{ id: string; kind: string }>('POST', '/api/iam/forms/new', {
      session: user,
      body: { id, kind: 'contact', subject: 'Hello there', message: 'Love the swap feature.' },
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ id, kind: 'contact' });
    const stored = await getItem(`form#${id}`, 'form');
    expect(stored).toMatchObject({ authorId: user.userId, subject: 'Hello there', message: 'Love the swap feature.' });
    const mails = (await outbox()).filter((m) => m.subject === '[contact] Hello there');
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@example.com', 'second-admin@example.com']);
  });

  it('ignores an author named in the body: identity comes from the session', async () => {
    const user = await memberSession();
    const id = randomUUID();
    const res = await call('POST', '/api/iam/forms/new', {
      session: user,
      body: { id, kind: 'contact', subject: 'x', message: 'y', authorId: 'someone-else' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'authorId' } });
    expect(await getItem(`form#${id}`, 'form')).toBeUndefined();
  });

  it('is idempotent: a retry with the same id creates nothing new', async () => {
    const user = await memberSession();
    const id = randomUUID();
    const body = { id, kind: 'report', subject: 'Spam', message: 'This listing is spam', targetPath: '/plant/abc' };
    const first = await call('POST', '/api/iam/forms/new', { session: user, body });
    const again = await call('POST', '/api/iam/forms/new', { session: user, body });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.data).toEqual(first.data);
    const mails = (await outbox()).filter((m) => m.subject === '[report] Spam');
    expect(mails).toHaveLength(2); // one per admin, not two per admin
  });

  it('refuses another user reusing an id with 409 and leaves the first form as it was', async () => {
    const a = await memberSession();
    const b = await memberSession();
    const id = randomUUID();
    await call('POST', '/api/iam/forms/new', { session: a, body: { id, kind: 'contact', subject: 'Mine', message: 'a' } });
    const res = await call('POST', '/api/iam/forms/new', { session: b, body: { id, kind: 'contact', subject: 'Theirs', message: 'b' } });
    expect(res.status).toBe(409);
    expect(await getItem(`form#${id}`, 'form')).toMatchObject({ authorId: a.userId, subject: 'Mine' });
  });

  it('requires targetPath for a report, naming the field', async () => {
    const res = await call('POST', '/api/iam/forms/new', {
      session: await mintSession(),
      body: { id: randomUUID(), kind: 'report', subject: 'Spam', message: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'targetPath', message: 'targetPath is required for a report' } });
  });

  it('names the first failing field for missing and oversized text', async () => {
    const session = await mintSession();
    const missing = await call('POST', '/api/iam/forms/new', { session, body: { id: randomUUID(), kind: 'contact', message: 'x' } });
    expect(missing.json).toMatchObject({ error: { field: 'subject', message: 'subject is required' } });
    const huge = await call('POST', '/api/iam/forms/new', { session, body: { id: randomUUID(), kind: 'contact', subject: 'x', message: 'y'.repeat(5001) } });
    expect(huge.json).toMatchObject({ error: { field: 'message', message: 'message must be at most 5000 characters' } });
  });

  it('refuses a body over the size limit with 413', async () => {
    const session = await mintSession();
    const res = await call('POST', '/api/iam/forms/new', { session, body: { id: randomUUID(), kind: 'contact', subject: 'x', message: 'y'.repeat(300_000) } });
    expect(res.status).toBe(413);
  });
});

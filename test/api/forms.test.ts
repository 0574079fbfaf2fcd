import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { as, asTestSession, member } from '../support/accounts';
import { call, mintSession, type TestSession } from '../support/api';
import { getItem, putItem } from '../support/db';
import { outbox } from '../support/outbox';
import { useHostTableAndBucket } from '../support/host-env';
import { caseViews } from '../../functions/reports/views';
import type { ReportCaseItem } from '../../functions/db/entities/report';
import { TELLING_LEASE_MS } from '../../functions/forms/forms';

/** A real member's session: a form's author must have an account (a minted token names none). */
async function memberSession(): Promise<TestSession> {
  const m = await member();
  return { ...(await mintSession({ userId: m.profile.uuid })), ...asTestSession(m) };
}

/** A contact form sent once (told), with a way to send it again and to count the admins' mails about it. */
async function sentForm(label: string) {
  const user = await memberSession();
  const id = randomUUID();
  const subject = `${label} ${id.slice(0, 8)}`;
  const body = { id, kind: 'contact', subject, message: 'Please read this' };
  expect((await call('POST', '/api/iam/forms/new', { session: user, body })).status).toBe(201);
  const sent = async () => (await outbox()).filter((m) => m.subject === `[contact] ${subject}`).length;
  const again = () => call('POST', '/api/iam/forms/new', { session: user, body });
  return { id, sent, again, perAdmin: await sent() };
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

  it('tells the admins on a retry when the first call stored the form but failed before telling them', async () => {
    const { id, sent, again, perAdmin } = await sentForm('Lost notice');
    expect(perAdmin).toBeGreaterThan(0);
    const stored = await getItem(`form#${id}`, 'form');
    expect(stored).toMatchObject({ toldAt: expect.any(String) });
    // As a call that stored the form and then failed (the queue, a crash) leaves it: never told.
    const { toldAt: _told, tellingAt: _claim, ...untold } = stored!;
    await putItem(untold);
    expect((await again()).status).toBe(200);
    expect(await sent()).toBe(2 * perAdmin);
    // Told now: a further retry mails nobody.
    expect((await again()).status).toBe(200);
    expect(await sent()).toBe(2 * perAdmin);
  });

  it('mails the admins once when retries of an untold form arrive together', async () => {
    const { id, sent, again, perAdmin } = await sentForm('Raced notice');
    const { toldAt: _told, tellingAt: _claim, ...untold } = (await getItem(`form#${id}`, 'form'))!;
    await putItem(untold);
    const retries = await Promise.all([1, 2, 3].map(() => again()));
    // The one that claims the telling answers 200; one that finds it claimed meanwhile is told to
    // come back (503, Retry-After) unless it was told already by then.
    expect(retries.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of retries.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('5');
    }
    expect((await again()).status).toBe(200);
    expect(await sent()).toBe(2 * perAdmin);
  });

  it('leaves a fresh claim to its call, and takes one that lapsed (its call died before marking the form told)', async () => {
    const { id, sent, again, perAdmin } = await sentForm('Claimed notice');
    const { toldAt: _told, ...claimed } = (await getItem(`form#${id}`, 'form'))!;
    await putItem({ ...claimed, tellingAt: new Date().toISOString() });
    // Another call is telling them: this one is stored, but cannot say the admins were told yet.
    const waiting = await again();
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get('retry-after')).toBe('5');
    expect(await sent()).toBe(perAdmin);
    await putItem({ ...claimed, tellingAt: new Date(Date.now() - TELLING_LEASE_MS - 1000).toISOString() });
    expect((await again()).status).toBe(200);
    expect(await sent()).toBe(2 * perAdmin);
  });

  it('lets go of a claim whose telling failed (its own claim only), so that a retry tells the admins at once', async () => {
    useHostTableAndBucket();
    const { claimTelling, releaseTelling } = await import('../../functions/forms/forms');
    const { id, sent, again, perAdmin } = await sentForm('Released notice');
    const { toldAt: _told, tellingAt: _claim, ...untold } = (await getItem(`form#${id}`, 'form'))!;
    await putItem(untold);
    const claim = await claimTelling(id);
    expect(claim).toEqual(expect.any(String));
    expect((await again()).status).toBe(503);
    await releaseTelling(id, new Date(Date.now() - 1000).toISOString()); // not this claim: kept
    expect((await again()).status).toBe(503);
    await releaseTelling(id, claim!);
    expect((await again()).status).toBe(200);
    expect(await sent()).toBe(2 * perAdmin);
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

describe('forms in the moderation queue', () => {
  const openCaseOf = async (type: string, id: string) => {
    const marker = await getItem(`reported#${type}#${id}`, 'open');
    return marker ? getItem(`report#${String(marker.caseId)}`, 'report') : undefined;
  };

  it('files a report form whose path names a post as a report of that post; a contact form, and a path naming nothing, as contact items', async () => {
    const writer = await member();
    const user = await memberSession();
    const made = await as<{ post: { id: string } }>(writer.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'spam spam', tags: [], photos: [], privacy: 'public' });
    const postId = made.data.post.id;
    const report = await call('POST', '/api/iam/forms/new', { session: user, body: { id: randomUUID(), kind: 'report', subject: 'Spam', message: 'Adverts', targetPath: `/post/${postId}` } });
    expect(report.status).toBe(201);
    expect(await openCaseOf('post', postId)).toMatchObject({ reporterCount: 1, other: 1, authorId: writer.profile.uuid, texts: [expect.objectContaining({ text: 'Spam\n\nAdverts' })] });
    // Its author is found by handle too, and the second report joins the same case.
    const byHandle = await call('POST', '/api/iam/forms/new', { session: await memberSession(), body: { id: randomUUID(), kind: 'report', subject: 'Rude', message: 'x', targetPath: `/${writer.profile.username}` } });
    expect(byHandle.status).toBe(201);
    expect(await openCaseOf('user', writer.profile.uuid)).toMatchObject({ reporterCount: 1 });

    const contactId = randomUUID();
    for (const body of [
      { id: contactId, kind: 'contact', subject: 'Hello', message: 'Love it' },
      { id: randomUUID(), kind: 'report', subject: 'Odd', message: 'x', targetPath: '/post/not-a-post' },
    ]) {
      expect((await call('POST', '/api/iam/forms/new', { session: user, body })).status).toBe(201);
      expect(await openCaseOf('contact', body.id)).toMatchObject({ targetType: 'contact', authorId: user.userId, reporterCount: 1 });
    }
    // The queue offers to answer a contact item: its author's address (a report's case has none).
    useHostTableAndBucket();
    const address = (await getItem(`user#${user.userId}`, 'profile'))!.email;
    const [contactView, postView] = await caseViews([(await openCaseOf('contact', contactId)) as ReportCaseItem, (await openCaseOf('post', postId)) as ReportCaseItem]);
    expect(contactView!.replyTo).toBe(address);
    expect(postView!.replyTo).toBeNull();
  });

  it('GET /api/iam/forms/validate: the limits of each kind and how many forms the hour still allows', async () => {
    const user = await memberSession();
    const before = await call<{ kinds: { kind: string; subject: { max: number }; targetPath: { required: boolean } }[]; canSend: boolean; left: number }>('GET', '/api/iam/forms/validate', { session: user });
    expect(before.status).toBe(200);
    expect(before.data.kinds).toEqual([
      expect.objectContaining({ kind: 'contact', subject: { min: 1, max: 120 }, message: { min: 1, max: 5000 }, targetPath: { required: false, max: 300 } }),
      expect.objectContaining({ kind: 'report', targetPath: { required: true, max: 300 } }),
    ]);
    // (The test host raises the hourly limit; the count is what is checked.)
    expect(before.data).toMatchObject({ canSend: true, left: expect.any(Number) });
    await call('POST', '/api/iam/forms/new', { session: user, body: { id: randomUUID(), kind: 'contact', subject: 'Hi', message: 'x' } });
    expect((await call('GET', '/api/iam/forms/validate', { session: user })).data).toMatchObject({ canSend: true, left: before.data.left - 1 });
    expect((await call('GET', '/api/iam/forms/validate')).status).toBe(401);
    const unregistered = await call('GET', '/api/iam/forms/validate', { session: await mintSession({ registered: false }) });
    expect(unregistered.data).toMatchObject({ canSend: false });
  });
});

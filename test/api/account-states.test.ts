/**
 * What an unverified sign-up, a suspended member and a session that has ended may still do on the
 * routes that hold storage, text messages or mint a fresh access token.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/answers/auth';
import { ACCESS_COOKIE } from '../../shared/constants';
import { as, linkToken, logIn, registration, signUp, verifyEmail } from '../support/accounts';
import { comment, newPost, uploadPhoto } from '../support/content';
import { commentClaimKey } from '../../functions/db/entities/comment';
import { newPage, withRole } from '../support/pages';
import { getItem, setAttributes } from '../support/db';
import { dateIn, NEWTOWN } from '../support/events';
import { admin, registeredUser } from '../support/users';

describe('an unverified sign-up', () => {
  it('gets no avatar upload URL (403)', async () => {
    const { email, password } = await signUp();
    const m = await logIn(email, password);
    const res = await as(m.browser, 'POST', '/api/iam/images/avatar-upload', { contentType: 'image/png', size: 1000 });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { message: 'Verify your e-mail address before adding a photo' } });
  });
});

describe('a suspended member', () => {
  it('cannot ask for a phone code (403): no text is sent', async () => {
    const u = await registeredUser();
    await setAttributes(`user#${u.uuid}`, 'profile', { suspended: true });
    const res = await as(u.browser, 'POST', '/api/iam/authn/init-phone-and-check', { userId: u.uuid, phoneNo: '+61412345678' });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { message: 'Your account is suspended: your phone number cannot be changed' } });
  });

  it('cannot complete a registration (403)', async () => {
    const { email, password } = await signUp();
    await verifyEmail(email, password);
    const m = await logIn(email, password);
    await setAttributes(`user#${m.profile.uuid}`, 'profile', { suspended: true });
    const res = await as(m.browser, 'POST', '/api/iam/authn/register', registration());
    expect(res.status).toBe(403);
    expect(await getItem(`user#${m.profile.uuid}`, 'profile')).toMatchObject({ regState: 'incomplete' });
  });
});

describe('a session that has ended', () => {
  it('gets no fresh access token from register: 401, and the registration is not made', async () => {
    const { email, password } = await signUp();
    await verifyEmail(email, password);
    const m = await logIn(email, password);
    const ended = { cookies: new Map(m.browser.cookies), csrf: m.browser.csrf! };
    expect((await as(m.browser, 'POST', '/api/iam/authn/logout', {})).status).toBe(200);
    const res = await as<Profile>(ended, 'POST', '/api/iam/authn/register', registration());
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${ACCESS_COOKIE}=`) && !/max-age=0/i.test(c))).toBe(false);
    expect(await getItem(`user#${m.profile.uuid}`, 'profile')).toMatchObject({ regState: 'incomplete' });
  });

  it('cannot verify with the link alone: 400 naming password, no access token, and the address stays unverified', async () => {
    const { email, password } = await signUp();
    const m = await logIn(email, password);
    const ended = { cookies: new Map(m.browser.cookies), csrf: m.browser.csrf! };
    expect((await as(m.browser, 'POST', '/api/iam/authn/logout', {})).status).toBe(200);
    const res = await as(ended, 'POST', '/api/iam/authn/verifyemailtoken', { token: await linkToken(email, '/auth/verifyemail') });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'password' } });
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${ACCESS_COOKIE}=`))).toBe(false);
    expect(await getItem(`user#${m.profile.uuid}`, 'profile')).toMatchObject({ emailVerified: false });
  });

  it('a live session of the same account verifies with the link alone and gets a fresh access token', async () => {
    const { email, password } = await signUp();
    const m = await logIn(email, password);
    const res = await as<Profile>(m.browser, 'POST', '/api/iam/authn/verifyemailtoken', { token: await linkToken(email, '/auth/verifyemail') });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ uuid: m.profile.uuid, email_verified: true, csrf_token: m.browser.csrf });
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${ACCESS_COOKIE}=`))).toBe(true);
    expect(await getItem(`user#${m.profile.uuid}`, 'profile')).toMatchObject({ emailVerified: true });
    // The session carries on: registration needs no second sign-in.
    expect((await as(m.browser, 'POST', '/api/iam/authn/register', registration())).status).toBe(200);
  });
});

describe('a member suspended while their access token lives on', () => {
  it('removes nothing as a page\'s moderator: others\' comments and the page\'s news stay (403 suspended), while a live moderator may remove them', async () => {
    const boss = await admin();
    const [creator, rogue, fair, reader] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const page = await newPage(creator);
    await withRole(creator, rogue, page.id, 'moderator');
    await withRole(creator, fair, page.id, 'moderator');
    const news = await as<{ post: { id: string } }>(creator.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'open day', tags: [], photos: [], privacy: 'public', pageId: page.id });
    expect(news.status, JSON.stringify(news.json)).toBe(201);
    const [first, second] = [await comment(reader, news.data.post.id, 'see you there'), await comment(reader, news.data.post.id, 'and again')];
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${rogue.uuid}`, { suspended: true })).status).toBe(200);

    const removal = await as(rogue.browser, 'DELETE', '/api/iam/posts/comment', { id: first.id, uuid: rogue.uuid });
    expect(removal.status).toBe(403);
    expect(removal.json).toMatchObject({ error: { code: 'suspended' } });
    expect(await getItem(commentClaimKey(first.id).pk, commentClaimKey(first.id).sk)).toBeDefined();
    const unpublish = await as(rogue.browser, 'DELETE', '/api/iam/posts', { postId: news.data.post.id, userId: rogue.uuid });
    expect(unpublish.status).toBe(403);
    expect(unpublish.json).toMatchObject({ error: { code: 'suspended' } });
    expect((await getItem(`post#${news.data.post.id}`, 'post'))?.deletedAt).toBeUndefined();

    // A moderator whose account is live removes the same.
    expect((await as(fair.browser, 'DELETE', '/api/iam/posts/comment', { id: second.id, uuid: fair.uuid })).status).toBe(200);
    expect(await getItem(commentClaimKey(second.id).pk, commentClaimKey(second.id).sk)).toBeUndefined();
    expect((await as(fair.browser, 'DELETE', '/api/iam/posts', { postId: news.data.post.id, userId: fair.uuid })).status).toBe(200);
  });

  it('writes nothing more: posts, listings, comments, reactions, forms, messages, events and a new calendar address answer 403 suspended', async () => {
    const boss = await admin();
    const rogue = await registeredUser();
    const other = await registeredUser();
    const target = await newPost(other);
    const photo = await uploadPhoto(rogue);
    const started = await as<{ convnId: string }>(rogue.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [rogue.uuid, other.uuid] });
    expect(started.status).toBe(200);
    const feedBefore = await getItem(`user#${rogue.uuid}`, 'icsfeed');
    // Suspension ends the session families; the access token in hand still says "not suspended".
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${rogue.uuid}`, { suspended: true })).status).toBe(200);
    const suspended = { error: { code: 'suspended', message: 'Your account is suspended' } };

    const postId = randomUUID();
    const post = await as(rogue.browser, 'POST', '/api/iam/posts/new', { id: postId, text: 'still here', tags: [], photos: [], privacy: 'public' });
    expect(post.status).toBe(403);
    expect(post.json).toMatchObject(suspended);
    expect(await getItem(`post#${postId}`, 'post')).toBeUndefined();

    const plantId = randomUUID();
    const plant = await as(rogue.browser, 'POST', '/api/iam/plant/new', {
      id: plantId, text: '', plant: { commonName: 'Monstera', availability: 'Available to swap' }, plant_photos: [{ key: photo, description: '' }], privacy: 'public', tags: [],
    });
    expect(plant.status).toBe(403);
    expect(await getItem(`post#${plantId}`, 'post')).toBeUndefined();

    const commentId = randomUUID();
    const reply = await as(rogue.browser, 'POST', '/api/iam/posts/comment/new', { id: commentId, post_id: target.id, content: 'spam', level: 0 });
    expect(reply.status).toBe(403);
    expect(reply.json).toMatchObject(suspended);
    expect(await getItem(`comment#${commentId}`, 'comment')).toBeUndefined();

    const like = await as(rogue.browser, 'POST', '/api/iam/posts/reaction/new', { post_id: target.id });
    expect(like.status).toBe(403);
    expect(await getItem(`post#${target.id}`, 'post')).toMatchObject({ commentCount: 0, reactionCount: 0 });

    const formId = randomUUID();
    const form = await as(rogue.browser, 'POST', '/api/iam/forms/new', { id: formId, kind: 'contact', subject: 'hi', message: 'spam' });
    expect(form.status).toBe(403);
    expect(await getItem(`form#${formId}`, 'form')).toBeUndefined();

    const message = await as(rogue.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: started.data.convnId, content: 'spam' });
    expect(message.status).toBe(403);
    expect(message.json).toMatchObject(suspended);

    const eventId = randomUUID();
    const event = await as(rogue.browser, 'POST', '/api/iam/events/new', { id: eventId, title: 'Spam', description: '', privacy: 'public', location: NEWTOWN, specifics: [dateIn(3)] });
    expect(event.status).toBe(403);
    expect(event.json).toMatchObject(suspended);
    expect(await getItem(`event#${eventId}`, 'event')).toBeUndefined();

    const feed = await as(rogue.browser, 'POST', '/api/iam/events/ics-token', {});
    expect(feed.status).toBe(403);
    expect(feed.json).toMatchObject(suspended);
    expect(await getItem(`user#${rogue.uuid}`, 'icsfeed')).toEqual(feedBefore);

    // Nor upload addresses for covers and page images of what it would make.
    for (const [path, body] of [
      ['/api/iam/events/image-upload', { eventId: randomUUID(), contentType: 'image/png', size: 100 }],
      ['/api/iam/pages/image-upload', { pageId: randomUUID(), contentType: 'image/png', size: 100 }],
    ] as const) {
      const upload = await as(rogue.browser, 'POST', path, body);
      expect(upload.status, path).toBe(403);
      expect(upload.json).toMatchObject(suspended);
    }
  });
});

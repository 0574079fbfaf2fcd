/** Account deletion in its fixed order (functions/cascades/account-deletion.ts): conversations, then the account, then the avatar; and its failure path. */
import { randomUUID } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { as, member, signUp, uniqueEmail, type Member } from '../support/accounts';
import { call } from '../support/api';
import { bucketClient } from '../support/bucket';
import { newPlant, newPost, uniqueTag, type FeedAnswer } from '../support/content';
import { getItem, queryPartition } from '../support/db';
import { useHostTableAndBucket } from '../support/host-env';
import { outbox } from '../support/outbox';

/** Points this worker's own copy of the domain code at the test host's table, as the host does for handlers. */
beforeAll(() => useHostTableAndBucket({ OUTBOX_DIR: inject('outboxDir'), LOG_LEVEL: 'INFO' }));
afterEach(() => vi.restoreAllMocks());

/** A conversation of a with b, with a message each way (b's still unread), made over HTTP. */
async function conversationBetween(a: Member, b: Member): Promise<string> {
  const started = await as<{ convnId: string }>(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.profile.uuid, b.profile.uuid] });
  expect(started.status).toBe(200);
  const id = started.data.convnId;
  for (const [from, text] of [[a, 'hello'], [b, 'hi there']] as const) {
    const sent = await as(from.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: id, content: text });
    expect(sent.status).toBe(201);
  }
  return id;
}

describe('DELETE /api/iam/authn/delete', () => {
  it('deletes conversations, then the account (freeing e-mail and handle), then the avatar, and confirms by e-mail', async () => {
    const a = await member();
    const b = await member();
    const uuid = a.profile.uuid;
    const convId = await conversationBetween(a, b);
    expect(await getItem(`user#${b.profile.uuid}`, 'msg-tally')).toMatchObject({ unread: 1 });

    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    const upload = await as<{ url: string; key: string; headers: Record<string, string> }>(a.browser, 'POST', '/api/iam/images/avatar-upload', { contentType: 'image/jpeg', size: jpeg.length });
    const key = upload.data.key;
    expect((await fetch(upload.data.url, { method: 'PUT', headers: upload.data.headers, body: new Uint8Array(jpeg) })).status).toBe(200);
    expect((await as(a.browser, 'PUT', '/api/iam/authn/update', { avatar: key })).status).toBe(200);

    const res = await as(a.browser, 'DELETE', '/api/iam/authn/delete', { uuid });
    expect(res.status).toBe(200);
    expect(a.browser.cookies.size).toBe(0);

    expect(await getItem(`conv#${convId}`, 'conv')).toBeUndefined();
    expect(await queryPartition(`conv#${convId}`)).toEqual([]);
    // b's unread from a left their tally with the conversation.
    expect(await getItem(`user#${b.profile.uuid}`, 'msg-tally')).toMatchObject({ unread: 0 });
    expect(await queryPartition(`user#${uuid}`)).toEqual([]);
    expect(await getItem(`email#${a.email}`, 'email')).toBeUndefined();
    expect(await getItem(`handle#${a.profile.username}`, 'handle')).toBeUndefined();
    await expect(bucketClient().send(new HeadObjectCommand({ Bucket: inject('bucket'), Key: key }))).rejects.toMatchObject({ name: 'NotFound' });
    expect((await outbox()).some((m) => m.to === a.email && m.subject === 'Your Leafline account was deleted')).toBe(true);

    expect((await call('POST', '/api/iam/authn/login', { body: { email: a.email, password: a.password } })).status).toBe(401);
    // The address is free again: signing up with it makes a new account.
    await signUp(a.email);
    const again = await getItem(`email#${a.email}`, 'email');
    expect(again?.userId).toBeDefined();
    expect(again?.userId).not.toBe(uuid);
  });

  it('removes the member\'s posts and plants with them, and every count they were in', async () => {
    const a = await member();
    const author = { uuid: a.profile.uuid, browser: a.browser };
    const tag = uniqueTag();
    const post = await newPost(author, { tags: [tag] });
    const plant = await newPlant(author, { tags: [tag], privacy: 'members' });
    expect((await call<FeedAnswer>('GET', `/api/posts/tag/${tag}`)).data.counts.postsAll).toBe(1);
    expect((await as(a.browser, 'DELETE', '/api/iam/authn/delete', { uuid: a.profile.uuid })).status).toBe(200);
    expect(await queryPartition(`post#${post.id}`)).toEqual([]);
    expect(await queryPartition(`post#${plant.id}`)).toEqual([]);
    expect(await queryPartition(`counter#user#${a.profile.uuid}`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ sk: 'owner', postsAll: 0, plantsAll: 0, plantsAvail: 0 })]),
    );
    expect((await call<FeedAnswer>('GET', `/api/posts/tag/${tag}`)).data).toMatchObject({ contentItems: [], counts: { postsAll: 0, plantsAll: 0 } });
  });

  it('needs the csrf_token and a live session', async () => {
    const a = await member();
    expect((await as(a.browser, 'DELETE', '/api/iam/authn/delete', { uuid: a.profile.uuid }, { noCsrf: true })).status).toBe(403);
    expect(await getItem(`user#${a.profile.uuid}`, 'profile')).toBeDefined();
  });
});

describe('deleteAccount failure path', () => {
  it('stops when the conversations cannot be deleted, logging its message, and deletes nothing', async () => {
    const { deleteAccount } = await import('../../functions/cascades/account-deletion');
    const a = await member({}, uniqueEmail('keep'));
    const { logger } = await import('../../functions/lib/logger');
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const confirm = vi.fn(async () => undefined);
    await expect(
      deleteAccount(a.profile.uuid, { deleteConversations: async () => { throw new Error('conversations table unavailable'); }, deleteAvatar: async () => undefined, confirm }),
    ).rejects.toMatchObject({ status: 500, code: 'deletion_failed' });
    expect(logged).toHaveBeenCalledWith('Cannot delete user conversations, user not deleted', expect.anything());
    expect(await getItem(`user#${a.profile.uuid}`, 'profile')).not.toHaveProperty('deletedAt');
    expect(await getItem(`email#${a.email}`, 'email')).toMatchObject({ userId: a.profile.uuid });
    expect(confirm).not.toHaveBeenCalled();
    expect((await as(a.browser, 'GET', '/api/iam/authn/profile')).status).toBe(200);
  });
});

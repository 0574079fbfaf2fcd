/**
 * A deleted account's access token lives on for up to 15 minutes. Whatever that old cookie tries
 * to write after the deletion (and after the sweep) is refused and leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { as, member, type Browser } from '../support/accounts';
import { newPost, uploadPhoto } from '../support/content';
import { getItem, queryPartition } from '../support/db';

/** A copy of a browser's cookie jar and csrf token: what an attacker kept before the deletion. */
function stolen(b: Browser): Browser {
  return { cookies: new Map(b.cookies), csrf: b.csrf! };
}

describe('writes with a deleted account\'s old cookie', () => {
  it('creates no post, plant, comment, reaction or form, and tells no one', async () => {
    const gone = await member();
    const other = await member();
    const target = await newPost({ uuid: other.profile.uuid, browser: other.browser });
    const photo = await uploadPhoto({ uuid: gone.profile.uuid, browser: gone.browser });
    const kept = stolen(gone.browser);
    expect((await as(gone.browser, 'DELETE', '/api/iam/authn/delete', { uuid: gone.profile.uuid })).status).toBe(200);
    expect(await queryPartition(`user#${gone.profile.uuid}`)).toEqual([]); // the sweep has run
    const tallyBefore = (await getItem(`user#${other.profile.uuid}`, 'notif-tally'))?.unread ?? 0;

    const postId = randomUUID();
    const post = await as(kept, 'POST', '/api/iam/posts/new', { id: postId, text: 'still here', tags: [], photos: [], privacy: 'public' });
    expect(post.status).toBe(401);
    expect(post.json).toMatchObject({ error: { message: 'Your account no longer exists' } });
    expect(await getItem(`post#${postId}`, 'post')).toBeUndefined();

    const plantId = randomUUID();
    const plant = await as(kept, 'POST', '/api/iam/plant/new', {
      id: plantId, text: '', plant: { commonName: 'Monstera', availability: 'Available to swap' }, plant_photos: [{ key: photo, description: '' }], privacy: 'public', tags: [],
    });
    expect(plant.status).toBe(401);
    expect(await getItem(`post#${plantId}`, 'post')).toBeUndefined();

    const commentId = randomUUID();
    const reply = await as(kept, 'POST', '/api/iam/posts/comment/new', { id: commentId, post_id: target.id, content: 'ghost', level: 0 });
    expect(reply.status).toBe(401);
    expect(await getItem(`comment#${commentId}`, 'comment')).toBeUndefined();

    const like = await as(kept, 'POST', '/api/iam/posts/reaction/new', { post_id: target.id });
    expect(like.status).toBe(401);
    expect(await getItem(`post#${target.id}`, `reaction#${gone.profile.uuid}`)).toBeUndefined();

    const formId = randomUUID();
    const form = await as(kept, 'POST', '/api/iam/forms/new', { id: formId, kind: 'contact', subject: 'hi', message: 'from beyond' });
    expect(form.status).toBe(401);
    expect(await getItem(`form#${formId}`, 'form')).toBeUndefined();

    const stored = await getItem(`post#${target.id}`, 'post');
    expect(stored).toMatchObject({ commentCount: 0, reactionCount: 0 });
    expect((await getItem(`user#${other.profile.uuid}`, 'notif-tally'))?.unread ?? 0).toBe(tallyBefore);
    expect(await queryPartition(`user#${gone.profile.uuid}`)).toEqual([]);
  });
});

describe('a deleted account\'s old cookie outside content writes', () => {
  it('creates no block and gets no upload address for a page it would make', async () => {
    const gone = await member();
    const other = await member();
    const kept = stolen(gone.browser);
    expect((await as(gone.browser, 'DELETE', '/api/iam/authn/delete', { uuid: gone.profile.uuid })).status).toBe(200);
    expect(await queryPartition(`user#${gone.profile.uuid}`)).toEqual([]); // the sweep has run

    const blocked = await as(kept, 'POST', '/api/iam/blocks/new', { userId: other.profile.uuid });
    expect(blocked.status).toBe(401);
    expect(await queryPartition(`user#${gone.profile.uuid}`)).toEqual([]);

    const upload = await as(kept, 'POST', '/api/iam/pages/image-upload', { pageId: randomUUID(), contentType: 'image/png', size: 100 });
    expect(upload.status).toBe(401);
    expect(upload.json).not.toHaveProperty('url');
  });
});

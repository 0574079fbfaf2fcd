/** The compatibility notification routes (new-reaction-notif, new-comment-notif): only the caller's own actions, never twice. */
import { beforeAll, describe, expect, it } from 'vitest';
import { as } from '../support/accounts';
import { comment, newPost, notificationsOf, reactTo } from '../support/content';
import { registeredUser, type TestUser } from '../support/users';

let a: TestUser;
let b: TestUser;
let c: TestUser;

beforeAll(async () => {
  [a, b, c] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
});


describe('new-reaction-notif and new-comment-notif', () => {
  it('accept only the caller\'s own actions and never write a second notification', async () => {
    const post = await newPost(a);
    const reaction = await reactTo(b, { post_id: post.id });
    const remark = await comment(b, post.id, 'hello');
    const count = (await notificationsOf(a)).filter((n) => n.targetId === post.id).length;
    for (let i = 0; i < 2; i++) {
      expect((await as(b.browser, 'POST', '/api/iam/notifications/new-reaction-notif', { reactionId: reaction.id })).data).toEqual({ notified: true });
      expect((await as(b.browser, 'POST', '/api/iam/notifications/new-comment-notif', { commentId: remark.id })).data).toEqual({ notified: true });
    }
    expect((await as(c.browser, 'POST', '/api/iam/notifications/new-reaction-notif', { reactionId: reaction.id })).status).toBe(404);
    expect((await as(c.browser, 'POST', '/api/iam/notifications/new-comment-notif', { commentId: remark.id })).status).toBe(404);
    expect((await notificationsOf(a)).filter((n) => n.targetId === post.id)).toHaveLength(count);
  });
});

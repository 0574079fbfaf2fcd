/** Reactions over HTTP: one per member and target, undo, counts under races, responders, notifications. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { as } from '../support/accounts';
import { comment, newPost, notificationTally, notificationsOf, postDetail, reactTo } from '../support/content';
import { getItem, queryPartition } from '../support/db';
import { registeredUser, type TestUser } from '../support/users';

let a: TestUser;
let b: TestUser;
let c: TestUser;

beforeAll(async () => {
  [a, b, c] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
});


describe('reactions', () => {
  it('one per member and target: a repeat is idempotent, undo takes it back, the author is notified once', async () => {
    const post = await newPost(a);
    const first = await as<{ reaction: { id: string; reactionCount: number } }>(b.browser, 'POST', '/api/iam/posts/reaction/new', { post_id: post.id });
    expect(first.status).toBe(201);
    expect(first.data.reaction).toMatchObject({ id: `p.${post.id}.${b.uuid}`, postId: post.id, commentId: null, reactionCount: 1 });
    const again = await as<{ reaction: { reactionCount: number } }>(b.browser, 'POST', '/api/iam/posts/reaction/new', { post_id: post.id });
    expect(again.status).toBe(200);
    expect(again.data.reaction.reactionCount).toBe(1);
    expect((await notificationsOf(a)).filter((n) => n.targetId === post.id && n.kind === 'reaction')).toHaveLength(1);
    expect((await postDetail(b, post.id)).data.post.myReactionId).toBe(first.data.reaction.id);

    expect((await as(c.browser, 'DELETE', '/api/iam/posts/reaction', { id: first.data.reaction.id })).status).toBe(403);
    const undo = await as<{ reactionCount: number }>(b.browser, 'DELETE', '/api/iam/posts/reaction', { id: first.data.reaction.id });
    expect(undo.data).toEqual({ reactionCount: 0 });
    expect((await as(b.browser, 'DELETE', '/api/iam/posts/reaction', { id: first.data.reaction.id })).status).toBe(404);
    expect((await postDetail(b, post.id)).data.post).toMatchObject({ reactionCount: 0, myReactionId: null });
  });

  it('lists responders once each, newest first; reacting to one\'s own post notifies nobody', async () => {
    const post = await newPost(a);
    const before = await notificationTally(a);
    await reactTo(b, { post_id: post.id });
    await reactTo(c, { post_id: post.id });
    await reactTo(a, { post_id: post.id });
    await reactTo(b, { post_id: post.id });
    const view = (await postDetail(null, post.id)).data;
    expect(view.post.reactionCount).toBe(3);
    expect(view.responders.map((r) => r.uuid).sort()).toEqual([a.uuid, b.uuid, c.uuid].sort());
    expect(view.responders[0]).toMatchObject({ uuid: a.uuid, username: a.profile.username });
    expect(await notificationTally(a)).toBe(before + 2);
  });

  it('concurrent reactions and comments on one post all land, and the counts match (conflicts are retried)', async () => {
    const post = await newPost(a);
    const people = await Promise.all(Array.from({ length: 6 }, () => registeredUser()));
    await Promise.all(people.flatMap((p) => [reactTo(p, { post_id: post.id }), comment(p, post.id, `from ${p.profile.username}`)]));
    const view = (await postDetail(a, post.id)).data;
    expect(view.post.reactionCount).toBe(6);
    expect(view.post.commentCount).toBe(6);
    expect(view.comments).toHaveLength(6);
    expect(new Set(view.responders.map((r) => r.uuid))).toEqual(new Set(people.map((p) => p.uuid)));
  });

  it('a reaction to a comment counts on the comment and tells its author, linking to the post', async () => {
    const post = await newPost(a);
    const remark = await comment(b, post.id, 'Lovely colour');
    const reaction = await reactTo(c, { comment_id: remark.id });
    expect(reaction).toMatchObject({ id: `c.${remark.id}.${c.uuid}`, postId: post.id, commentId: remark.id, reactionCount: 1 });
    const view = (await postDetail(c, post.id)).data;
    expect(view.comments[0]).toMatchObject({ id: remark.id, reactionCount: 1, myReactionId: reaction.id });
    expect(view.post.reactionCount).toBe(0);
    expect((await notificationsOf(b)).filter((n) => n.targetId === post.id)).toEqual([
      expect.objectContaining({ kind: 'reaction', targetType: 'comment', actorId: c.uuid, actor: expect.objectContaining({ username: c.profile.username }) }),
    ]);
  });

  it('like, undo, like again: the author is notified once per member and target, and the tally counts each once', async () => {
    const author = await registeredUser();
    const post = await newPost(author);
    const remark = await comment(author, post.id, 'my own remark'); // one's own comment notifies nobody
    const unlike = async (u: TestUser, id: string) => expect((await as(u.browser, 'DELETE', '/api/iam/posts/reaction', { id })).status).toBe(200);
    const cycle = async (u: TestUser, target: { post_id: string } | { comment_id: string }) => {
      for (let i = 0; i < 3; i++) await unlike(u, (await reactTo(u, target)).id);
      const last = await reactTo(u, target);
      expect((await as(u.browser, 'POST', '/api/iam/notifications/new-reaction-notif', { reactionId: last.id })).data).toEqual({ notified: true });
      return last;
    };
    await cycle(b, { post_id: post.id });
    await cycle(b, { comment_id: remark.id });
    await cycle(c, { post_id: post.id }); // another member: a notification of their own

    const stored = (await queryPartition(`user#${author.uuid}`)).filter((i) => String(i.sk).startsWith('notif#'));
    expect(stored.map((n) => [n.actorId, n.targetType, n.targetId]).sort()).toEqual(
      [[b.uuid, 'post', post.id], [b.uuid, 'comment', post.id], [c.uuid, 'post', post.id]].sort(),
    );
    expect(await getItem(`user#${author.uuid}`, 'notif-tally')).toMatchObject({ unread: 3 });
    expect(await notificationTally(author)).toBe(3);
    const view = (await postDetail(author, post.id)).data;
    expect(view.post.reactionCount).toBe(2);
    expect(view.comments[0]!.reactionCount).toBe(1);

    // Seen, then liked again: still nothing new, and the tally stays at zero.
    expect((await as<{ tally: number }>(author.browser, 'PUT', '/api/iam/notifications/mark-as-seen', { notifIds: [] })).data.tally).toBe(0);
    await unlike(b, `p.${post.id}.${b.uuid}`);
    await reactTo(b, { post_id: post.id });
    expect(await notificationTally(author)).toBe(0);
    expect((await queryPartition(`user#${author.uuid}`)).filter((i) => String(i.sk).startsWith('notif#'))).toHaveLength(3);
  }, 60_000);

  it('likes and undos racing from one member still notify the author once', async () => {
    const author = await registeredUser();
    const post = await newPost(author);
    const id = `p.${post.id}.${b.uuid}`;
    await Promise.all(Array.from({ length: 6 }, async () => {
      await as(b.browser, 'POST', '/api/iam/posts/reaction/new', { post_id: post.id });
      await as(b.browser, 'DELETE', '/api/iam/posts/reaction', { id });
    }));
    await reactTo(b, { post_id: post.id });
    expect((await queryPartition(`user#${author.uuid}`)).filter((i) => String(i.sk).startsWith('notif#'))).toHaveLength(1);
    expect(await getItem(`user#${author.uuid}`, 'notif-tally')).toMatchObject({ unread: 1 });
    expect((await postDetail(author, post.id)).data.post.reactionCount).toBe(1);
  }, 60_000);

  it('reacting to a post one may not see is 404, and writes nothing', async () => {
    const priv = await newPost(a, { privacy: 'private' });
    expect((await as(b.browser, 'POST', '/api/iam/posts/reaction/new', { post_id: priv.id })).status).toBe(404);
    expect((await as(b.browser, 'POST', '/api/iam/posts/comment/new', { id: randomUUID(), post_id: priv.id, content: 'hi', level: 0 })).status).toBe(404);
    expect(await queryPartition(`post#${priv.id}`)).toHaveLength(1);
  });
});

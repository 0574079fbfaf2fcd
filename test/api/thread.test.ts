/** Comments, replies and reactions over HTTP: counts, exact thread deletion, notifications, responders. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail } from '../../shared/answers/feeds';
import { MAX_COMMENT_LEVEL } from '../../shared/content-rules';
import type { NotificationView } from '../../shared/schemas/notifications';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { comment, newPost, reactTo } from '../support/content';
import { getItem, queryPartition } from '../support/db';
import { registeredUser, type TestUser } from '../support/users';
import { useHostTable } from '../support/host-env';

let a: TestUser;
let b: TestUser;
let c: TestUser;

beforeAll(async () => {
  [a, b, c] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
});

const detail = (viewer: TestUser | null, id: string) => (viewer ? as<PostDetail>(viewer.browser, 'GET', `/api/post/${id}`) : call<PostDetail>('GET', `/api/post/${id}`));
const notifications = async (u: TestUser) => (await as<{ notifications: NotificationView[] }>(u.browser, 'GET', '/api/iam/notifications/all')).data.notifications;
const tally = async (u: TestUser) => (await as<{ tally: number }>(u.browser, 'GET', '/api/iam/notifications/unread-tally')).data.tally;

describe('comments and replies', () => {
  it('nest in thread order, count on the post, and notify the person concerned (never oneself)', async () => {
    const post = await newPost(a);
    const before = await tally(a);
    const top = await comment(b, post.id, 'Where did you get it?');
    const reply = await comment(a, post.id, 'A swap meet', top);
    const deeper = await comment(b, post.id, 'Nice', reply);
    const own = await comment(a, post.id, 'Me again');
    const view = (await detail(null, post.id)).data;
    expect(view.comments.map((x) => [x.id, x.level, x.parentId])).toEqual([
      [top.id, 0, null], [reply.id, 1, top.id], [deeper.id, 2, reply.id], [own.id, 0, null],
    ]);
    expect(view.post.commentCount).toBe(4);
    expect(view.comments[0]!.author).toMatchObject({ uuid: b.uuid, username: b.profile.username });
    // a: b's comment on a's post, b's reply to a's reply. b: a's reply to b's comment. Nobody for their own.
    expect(await tally(a)).toBe(before + 2);
    const forA = (await notifications(a)).filter((n) => n.targetId === post.id);
    expect(forA.map((n) => n.kind).sort()).toEqual(['comment', 'reply']);
    const forB = (await notifications(b)).filter((n) => n.targetId === post.id);
    expect(forB).toEqual([expect.objectContaining({ kind: 'reply', actorId: a.uuid, targetType: 'post', text: 'A swap meet' })]);
  });

  it('a retry with the same id answers the first comment; the level must follow the parent', async () => {
    const post = await newPost(a);
    const body = { id: randomUUID(), post_id: post.id, content: 'once', level: 0 };
    expect((await as(b.browser, 'POST', '/api/iam/posts/comment/new', body)).status).toBe(201);
    expect((await as(b.browser, 'POST', '/api/iam/posts/comment/new', body)).status).toBe(200);
    expect((await detail(b, post.id)).data.post.commentCount).toBe(1);
    const parent = (await detail(b, post.id)).data.comments[0]!;
    const wrong = await as(b.browser, 'POST', '/api/iam/posts/comment/new', { id: randomUUID(), post_id: post.id, content: 'x', parent_id: parent.id, level: 3 });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ error: { field: 'level' } });
    const tooDeep = await as(b.browser, 'POST', '/api/iam/posts/comment/new', { id: randomUUID(), post_id: post.id, content: 'x', parent_id: parent.id, level: MAX_COMMENT_LEVEL + 1 });
    expect(tooDeep.status).toBe(400);
    const elsewhere = await newPost(a);
    const foreignParent = await as(b.browser, 'POST', '/api/iam/posts/comment/new', { id: randomUUID(), post_id: elsewhere.id, content: 'x', parent_id: parent.id, level: 1 });
    expect(foreignParent.status).toBe(404);
  });

  it('deleting a comment removes exactly it and its descendants (with their reactions) and fixes the count', async () => {
    const post = await newPost(a);
    const keep = await comment(b, post.id, 'keep me');
    const doomed = await comment(b, post.id, 'delete me');
    const r1 = await comment(a, post.id, 'reply 1', doomed);
    const r2 = await comment(c, post.id, 'reply 2', r1);
    const sibling = await comment(a, post.id, 'reply to keep', keep);
    await reactTo(c, { comment_id: r1.id });
    await reactTo(c, { comment_id: keep.id });

    expect((await as(a.browser, 'DELETE', '/api/iam/posts/comment', { id: doomed.id, uuid: a.uuid })).status).toBe(403);
    const res = await as<{ deleted: number; commentCount: number }>(b.browser, 'DELETE', '/api/iam/posts/comment', { id: doomed.id, uuid: b.uuid });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ deleted: 3, commentCount: 2 });
    const view = (await detail(b, post.id)).data;
    expect(view.comments.map((x) => x.id)).toEqual([keep.id, sibling.id]);
    expect(view.comments[0]!.reactionCount).toBe(1);
    const left = await queryPartition(`post#${post.id}`);
    expect(left.filter((i) => String(i.sk).startsWith('comment#'))).toHaveLength(3); // two comments + the reaction on keep
    for (const gone of [doomed, r1, r2]) expect(await getItem(`comment#${gone.id}`, 'comment')).toBeUndefined();
    expect((await as(b.browser, 'DELETE', '/api/iam/posts/comment', { id: doomed.id, uuid: b.uuid })).status).toBe(404);
  });
});

describe('comment counts under concurrent replies and deletions', () => {
  it('stay equal to the comments shown, whatever lands first', async () => {
    for (let round = 0; round < 4; round++) {
      const post = await newPost(a);
      const root = await comment(b, post.id, 'root');
      const child = await comment(c, post.id, 'child', root);
      await comment(b, post.id, 'grandchild', child);
      const keep = await comment(c, post.id, 'keep');
      await Promise.all([
        as(b.browser, 'DELETE', '/api/iam/posts/comment', { id: root.id, uuid: b.uuid }),
        as(c.browser, 'DELETE', '/api/iam/posts/comment', { id: child.id, uuid: c.uuid }),
        as(a.browser, 'POST', '/api/iam/posts/comment/new', { id: randomUUID(), post_id: post.id, content: 'late reply', parent_id: child.id, level: 2 }),
      ]);
      const view = (await detail(a, post.id)).data;
      expect(view.comments.map((x) => x.id)).toEqual([keep.id]);
      expect(view.post.commentCount).toBe(1);
    }
  });
});

describe('a long thread', () => {
  it('comes in bounded pages, in thread order, every comment exactly once', async () => {
    useHostTable();
    const { addComment } = await import('../../functions/comments/comments');
    const { THREAD_PAGE_ITEMS } = await import('../../functions/feeds/post-detail');
    const post = await newPost(a);
    const writer = { userId: b.uuid, admin: false, member: true, suspended: false };
    const made: string[] = [];
    for (let i = 0; i < THREAD_PAGE_ITEMS + 40; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, j) => addComment(writer, { id: randomUUID(), post_id: post.id, content: `comment ${i + j}`, level: 0 })),
      );
      made.push(...batch.map((r) => r.comment.id));
    }
    const reply = await comment(c, post.id, 'a reply on the second page', { id: made.at(-1)!, level: 0 } as never);
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const res = await as<PostDetail>(a.browser, 'GET', `/api/post/${post.id}${cursor ? `?commentsCursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.data.comments.length).toBeLessThanOrEqual(THREAD_PAGE_ITEMS);
      seen.push(...res.data.comments.map((x) => x.id));
      cursor = res.data.commentsCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((x) => x !== reply.id).sort()).toEqual([...made].sort());
    expect(seen.indexOf(reply.id)).toBe(seen.indexOf(made.at(-1)!) + 1);
    const bad = await call('GET', `/api/post/${post.id}?commentsCursor=not-a-cursor`);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'commentsCursor' } });
  }, 60_000);
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
    expect((await notifications(a)).filter((n) => n.targetId === post.id && n.kind === 'reaction')).toHaveLength(1);
    expect((await detail(b, post.id)).data.post.myReactionId).toBe(first.data.reaction.id);

    expect((await as(c.browser, 'DELETE', '/api/iam/posts/reaction', { id: first.data.reaction.id })).status).toBe(403);
    const undo = await as<{ reactionCount: number }>(b.browser, 'DELETE', '/api/iam/posts/reaction', { id: first.data.reaction.id });
    expect(undo.data).toEqual({ reactionCount: 0 });
    expect((await as(b.browser, 'DELETE', '/api/iam/posts/reaction', { id: first.data.reaction.id })).status).toBe(404);
    expect((await detail(b, post.id)).data.post).toMatchObject({ reactionCount: 0, myReactionId: null });
  });

  it('lists responders once each, newest first; reacting to one\'s own post notifies nobody', async () => {
    const post = await newPost(a);
    const before = await tally(a);
    await reactTo(b, { post_id: post.id });
    await reactTo(c, { post_id: post.id });
    await reactTo(a, { post_id: post.id });
    await reactTo(b, { post_id: post.id });
    const view = (await detail(null, post.id)).data;
    expect(view.post.reactionCount).toBe(3);
    expect(view.responders.map((r) => r.uuid).sort()).toEqual([a.uuid, b.uuid, c.uuid].sort());
    expect(view.responders[0]).toMatchObject({ uuid: a.uuid, username: a.profile.username });
    expect(await tally(a)).toBe(before + 2);
  });

  it('concurrent reactions and comments on one post all land, and the counts match (conflicts are retried)', async () => {
    const post = await newPost(a);
    const people = await Promise.all(Array.from({ length: 6 }, () => registeredUser()));
    await Promise.all(people.flatMap((p) => [reactTo(p, { post_id: post.id }), comment(p, post.id, `from ${p.profile.username}`)]));
    const view = (await detail(a, post.id)).data;
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
    const view = (await detail(c, post.id)).data;
    expect(view.comments[0]).toMatchObject({ id: remark.id, reactionCount: 1, myReactionId: reaction.id });
    expect(view.post.reactionCount).toBe(0);
    expect((await notifications(b)).filter((n) => n.targetId === post.id)).toEqual([
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
    expect(await tally(author)).toBe(3);
    const view = (await detail(author, post.id)).data;
    expect(view.post.reactionCount).toBe(2);
    expect(view.comments[0]!.reactionCount).toBe(1);

    // Seen, then liked again: still nothing new, and the tally stays at zero.
    expect((await as<{ tally: number }>(author.browser, 'PUT', '/api/iam/notifications/mark-as-seen', { notifIds: [] })).data.tally).toBe(0);
    await unlike(b, `p.${post.id}.${b.uuid}`);
    await reactTo(b, { post_id: post.id });
    expect(await tally(author)).toBe(0);
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
    expect((await detail(author, post.id)).data.post.reactionCount).toBe(1);
  }, 60_000);

  it('reacting to a post one may not see is 404, and writes nothing', async () => {
    const priv = await newPost(a, { privacy: 'private' });
    expect((await as(b.browser, 'POST', '/api/iam/posts/reaction/new', { post_id: priv.id })).status).toBe(404);
    expect((await as(b.browser, 'POST', '/api/iam/posts/comment/new', { id: randomUUID(), post_id: priv.id, content: 'hi', level: 0 })).status).toBe(404);
    expect(await queryPartition(`post#${priv.id}`)).toHaveLength(1);
  });
});

describe('new-reaction-notif and new-comment-notif', () => {
  it('accept only the caller\'s own actions and never write a second notification', async () => {
    const post = await newPost(a);
    const reaction = await reactTo(b, { post_id: post.id });
    const remark = await comment(b, post.id, 'hello');
    const count = (await notifications(a)).filter((n) => n.targetId === post.id).length;
    for (let i = 0; i < 2; i++) {
      expect((await as(b.browser, 'POST', '/api/iam/notifications/new-reaction-notif', { reactionId: reaction.id })).data).toEqual({ notified: true });
      expect((await as(b.browser, 'POST', '/api/iam/notifications/new-comment-notif', { commentId: remark.id })).data).toEqual({ notified: true });
    }
    expect((await as(c.browser, 'POST', '/api/iam/notifications/new-reaction-notif', { reactionId: reaction.id })).status).toBe(404);
    expect((await as(c.browser, 'POST', '/api/iam/notifications/new-comment-notif', { commentId: remark.id })).status).toBe(404);
    expect((await notifications(a)).filter((n) => n.targetId === post.id)).toHaveLength(count);
  });
});

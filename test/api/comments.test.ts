/** Comments and replies over HTTP: thread order, counts, exact thread deletion, notifications, paging. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail } from '../../shared/answers/feeds';
import { MAX_COMMENT_LEVEL } from '../../shared/content-rules';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { comment, newPost, notificationTally, notificationsOf, postDetail, reactTo } from '../support/content';
import { getItem, queryPartition } from '../support/db';
import { registeredUser, type TestUser } from '../support/users';
import { useHostTable } from '../support/host-env';

let a: TestUser;
let b: TestUser;
let c: TestUser;

beforeAll(async () => {
  [a, b, c] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
});


describe('comments and replies', () => {
  it('nest in thread order, count on the post, and notify the person concerned (never oneself)', async () => {
    const post = await newPost(a);
    const before = await notificationTally(a);
    const top = await comment(b, post.id, 'Where did you get it?');
    const reply = await comment(a, post.id, 'A swap meet', top);
    const deeper = await comment(b, post.id, 'Nice', reply);
    const own = await comment(a, post.id, 'Me again');
    const view = (await postDetail(null, post.id)).data;
    expect(view.comments.map((x) => [x.id, x.level, x.parentId])).toEqual([
      [top.id, 0, null], [reply.id, 1, top.id], [deeper.id, 2, reply.id], [own.id, 0, null],
    ]);
    expect(view.post.commentCount).toBe(4);
    // Named as posts name their owner: first and last name.
    expect(view.comments[0]!.author).toMatchObject({ uuid: b.uuid, username: b.profile.username, name: `${b.profile.first_name} ${b.profile.last_name}` });
    // a: b's comment on a's post, b's reply to a's reply. b: a's reply to b's comment. Nobody for their own.
    expect(await notificationTally(a)).toBe(before + 2);
    const forA = (await notificationsOf(a)).filter((n) => n.targetId === post.id);
    expect(forA.map((n) => n.kind).sort()).toEqual(['comment', 'reply']);
    const forB = (await notificationsOf(b)).filter((n) => n.targetId === post.id);
    expect(forB).toEqual([expect.objectContaining({ kind: 'reply', actorId: a.uuid, targetType: 'post', text: 'A swap meet' })]);
  });

  it('a retry with the same id answers the first comment; the level must follow the parent', async () => {
    const post = await newPost(a);
    const body = { id: randomUUID(), post_id: post.id, content: 'once', level: 0 };
    expect((await as(b.browser, 'POST', '/api/iam/posts/comment/new', body)).status).toBe(201);
    expect((await as(b.browser, 'POST', '/api/iam/posts/comment/new', body)).status).toBe(200);
    expect((await postDetail(b, post.id)).data.post.commentCount).toBe(1);
    const parent = (await postDetail(b, post.id)).data.comments[0]!;
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
    const view = (await postDetail(b, post.id)).data;
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
      const view = (await postDetail(a, post.id)).data;
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

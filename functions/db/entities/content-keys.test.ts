/**
 * The content key builders (posts, comments, reactions, feed counters) spell the keys exactly as
 * the entities' templates do, and the `thread` collection reads exactly a thread (or a subtree).
 */
import { describe, expect, it } from 'vitest';
import { threadService } from '../service';
import {
  authoredCommentReactionSk,
  authoredCommentSk,
  authoredPk,
  authoredPostReactionSk,
  Comment,
  CommentClaim,
  commentClaimKey,
  commentKey,
  CommentReaction,
  commentReactionKey,
  commentSk,
  isThreadSk,
  PostReaction,
  postReactionKey,
} from './comment';
import { counterKey, counterPk, GLOBAL_SCOPE, ownerScope, shardsOf, tagScope } from '../items/feed-counter';
import { listSortKey, parseListSortKey, Post, postKey, postPk } from './post';

/** ElectroDB builds params only for a named table; any name does. */
const T = { table: 't' };
const key = (params: { Key: unknown }) => params.Key;

const POST = '0b6f3f8e-3d6a-4f7e-9a53-1f0c2a7d9e11';
const USER = '5d1c7a2b-8e4f-4b6a-9c3d-2e7f1a0b9c88';
const COMMENT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const SEGMENT = `00lq5x3k0.${COMMENT}`;

describe('content key builders', () => {
  it('a member\'s comments and reactions on gsi1 (P7c), as the entities write them', () => {
    const at = '2026-01-02T03:04:05.678Z';
    const item = <T>(p: { params: (t: typeof T) => T }) => (p.params(T) as { Item: Record<string, unknown> }).Item;
    const c = item(Comment().put({ postId: POST, path: SEGMENT, id: COMMENT, level: 0, content: 'x', authorId: USER, createdAt: at }));
    expect([c.gsi1pk, c.gsi1sk]).toEqual([authoredPk(USER), authoredCommentSk(at, COMMENT)]);
    const pr = item(PostReaction().put({ postId: POST, userId: USER, createdAt: at }));
    expect([pr.gsi1pk, pr.gsi1sk]).toEqual([authoredPk(USER), authoredPostReactionSk(at, POST)]);
    const cr = item(CommentReaction().put({ postId: POST, path: SEGMENT, commentId: COMMENT, userId: USER, createdAt: at }));
    expect([cr.gsi1pk, cr.gsi1sk]).toEqual([authoredPk(USER), authoredCommentReactionSk(at, COMMENT)]);
  });

  it('post: the item key and the sort key of its lists', () => {
    expect(key(Post().get({ id: POST }).params(T))).toEqual(postKey(POST));
    expect(postPk(POST)).toBe(postKey(POST).pk);
    const item = Post().put({
      id: POST, kind: 'post', ownerType: 'user', ownerId: USER, authorId: USER, privacy: 'public', createdAt: '2026-01-02T03:04:05.678Z', updatedAt: '2026-01-02T03:04:05.678Z',
    }).params<{ Item: Record<string, unknown> }>(T).Item;
    const position = { updatedAt: '2026-01-02T03:04:05.678Z', id: POST };
    expect(item.pubsk).toBe(listSortKey(position));
    expect(item.gsi1sk).toBe(listSortKey(position));
    expect(parseListSortKey(listSortKey(position))).toEqual(position);
    expect(parseListSortKey(`x${listSortKey(position)}`)).toBeNull();
  });

  it('comments, their claims and reactions, and reactions to posts', () => {
    expect(key(Comment().get({ postId: POST, path: SEGMENT }).params(T))).toEqual(commentKey(POST, SEGMENT));
    expect(commentKey(POST, SEGMENT).sk).toBe(commentSk(SEGMENT));
    expect(key(CommentReaction().get({ postId: POST, path: SEGMENT, userId: USER }).params(T))).toEqual(commentReactionKey(POST, SEGMENT, USER));
    expect(key(CommentClaim().get({ id: COMMENT }).params(T))).toEqual(commentClaimKey(COMMENT));
    expect(key(PostReaction().get({ postId: POST, userId: USER }).params(T))).toEqual(postReactionKey(POST, USER));
  });

  it('a thread cursor may end on a comment or a comment reaction only', () => {
    expect(isThreadSk(commentKey(POST, SEGMENT).sk)).toBe(true);
    expect(isThreadSk(commentKey(POST, `${SEGMENT}/${SEGMENT}`).sk)).toBe(true);
    expect(isThreadSk(commentReactionKey(POST, SEGMENT, USER).sk)).toBe(true);
    expect(isThreadSk(postKey(POST).sk)).toBe(false);
    expect(isThreadSk(postReactionKey(POST, USER).sk)).toBe(false);
    expect(isThreadSk(`${commentSk(SEGMENT)}/`)).toBe(false);
  });

  it('the thread collection reads a thread, or a subtree, and nothing else of the partition', () => {
    const service = threadService({ comment: Comment(), commentReaction: CommentReaction() }, T);
    const params = (path: string) =>
      service.collections.thread({ postId: POST, path }).params<{ KeyConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> }>();
    const all = params('');
    expect(all.KeyConditionExpression).toBe('#pk = :pk and begins_with(#sk1, :sk1)');
    expect(all.ExpressionAttributeValues).toMatchObject({ ':pk': postPk(POST), ':sk1': commentSk('') });
    expect(params(SEGMENT).ExpressionAttributeValues).toMatchObject({ ':pk': postPk(POST), ':sk1': commentSk(SEGMENT) });
  });

  it('feed counters: one item per scope and audience, the global scope in shards', () => {
    expect(counterKey(ownerScope('user', USER), 'members')).toEqual({ pk: `counter#user#${USER}`, sk: 'members' });
    expect(counterKey(tagScope('ferns'), 'public')).toEqual({ pk: 'counter#tag#ferns', sk: 'public' });
    const shard = counterKey(GLOBAL_SCOPE, 'public', 3);
    expect(shard).toEqual({ pk: counterPk(GLOBAL_SCOPE), sk: 'public#3' });
    expect(shard.sk.startsWith(shardsOf('public'))).toBe(true);
    expect(shardsOf('public').startsWith(shardsOf('members'))).toBe(false);
  });
});

/**
 * Comments and reactions live under their post's partition (P5), so a post with its whole thread
 * and its reactions is one Query:
 *
 *   post#<id>  post                                   the post (entities/post.ts)
 *   post#<id>  reaction#<userId>                      a reaction to the post (P7)
 *   post#<id>  comment#<path>                         a comment; path = segments joined by "/"
 *   post#<id>  comment#<path>!r#<userId>              a reaction to that comment
 *   post#<id>  notified#<reactionId>                  that reaction's author was notified once
 *
 * A segment is `<createdAt in ms, base 36, 9 chars>.<comment id>`, so comments sort in thread
 * order (each reply after its parent, siblings by time), and `begins_with(sk, comment#<path>)`
 * is exactly the comment, its reactions and all its descendants with theirs (P6): "!" sorts
 * before "/", and no segment is a prefix of another.
 *
 * Comments and their reactions form the collection `thread` (a clustered index, sorted by the
 * shared `comment#<path>` prefix): `threadCollection()({ postId, path })` reads the comments
 * and reactions whose path starts with `path` (all of the thread for `path: ''`) in one Query,
 * each typed by its entity.
 *
 * A comment and each reaction are also filed on gsi1 under their author (`authored#user#<id>`,
 * sorted `comment#<createdAt>#<id>` or `reaction#<createdAt>#post|comment#<id>`): the one way to
 * list what a member wrote and reacted across every thread (their data export, functions/exports/).
 *
 * A comment's id is the client-generated UUID of its creating call; its claim item
 * `comment#<id>` (written in the same transaction with `attribute_not_exists`) makes a retry
 * answer the first comment, and maps the id to its post and path for the delete route.
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';
import { postPk } from './post';

export const Comment = () => new Entity({
  model: { entity: 'comment', version: '1', service: SERVICE },
  attributes: {
    postId: { type: 'string', required: true, readOnly: true },
    path: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    parentId: { type: 'string', readOnly: true },
    level: { type: 'number', required: true, readOnly: true },
    content: { type: 'string', required: true, readOnly: true },
    authorId: { type: 'string', required: true, readOnly: true },
    reactionCount: { type: 'number', required: true, default: 0 },
    /** Every descendant at any depth, kept by `ADD` with each reply and deletion below it. */
    replyCount: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true, readOnly: true },
    /** Taken down by an admin acting on a report (with every reply under it): readers leave it out. */
    hiddenAt: { type: 'string' },
    hiddenBy: { type: 'string' },
  },
  indexes: {
    byPath: {
      collection: 'thread',
      type: 'clustered',
      pk: { field: 'pk', composite: ['postId'], template: 'post#${postId}', casing: 'none' },
      sk: { field: 'sk', composite: ['path'], template: 'comment#${path}', casing: 'none' },
    },
    /** What a member wrote and reacted, oldest first (their data export): one partition per member on gsi1. */
    byAuthor: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['authorId'], template: 'authored#user#${authorId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], template: 'comment#${createdAt}#${id}', casing: 'none' },
    },
  },
});

export const CommentClaim = () => new Entity({
  model: { entity: 'commentClaim', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    postId: { type: 'string', required: true, readOnly: true },
    path: { type: 'string', required: true, readOnly: true },
    authorId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'comment#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'comment', casing: 'none' },
    },
  },
});

/** Who reacted, as responders lists show them, is read from the users; the item keeps ids only. */
export const PostReaction = () => new Entity({
  model: { entity: 'postReaction', version: '1', service: SERVICE },
  attributes: {
    postId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byPost: {
      pk: { field: 'pk', composite: ['postId'], template: 'post#${postId}', casing: 'none' },
      sk: { field: 'sk', composite: ['userId'], template: 'reaction#${userId}', casing: 'none' },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'], template: 'authored#user#${userId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'postId'], template: 'reaction#${createdAt}#post#${postId}', casing: 'none' },
    },
  },
});

export const CommentReaction = () => new Entity({
  model: { entity: 'commentReaction', version: '1', service: SERVICE },
  attributes: {
    postId: { type: 'string', required: true, readOnly: true },
    path: { type: 'string', required: true, readOnly: true },
    commentId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byComment: {
      collection: 'thread',
      type: 'clustered',
      pk: { field: 'pk', composite: ['postId'], template: 'post#${postId}', casing: 'none' },
      sk: { field: 'sk', composite: ['path', 'userId'], template: 'comment#${path}!r#${userId}', casing: 'none' },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'], template: 'authored#user#${userId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'commentId'], template: 'reaction#${createdAt}#comment#${commentId}', casing: 'none' },
    },
  },
});

/**
 * That a member's reaction to a target (the post, or one of its comments) has notified the
 * target's author: put with `attribute_not_exists` in the transaction of the reaction that
 * notifies, and kept when the reaction is undone, so reacting again notifies nobody (at most one
 * reaction notification per member and target, and one unread tally increment). `reactionId`
 * is the reaction's public id, `p.<postId>.<userId>` or `c.<commentId>.<userId>`. Outside the
 * `reaction#` and `comment#` ranges, so thread and responder reads never see it; the post's
 * sweep removes it with everything else under the post.
 */
export const ReactionNotice = () => new Entity({
  model: { entity: 'reactionNotice', version: '1', service: SERVICE },
  attributes: {
    postId: { type: 'string', required: true, readOnly: true },
    reactionId: { type: 'string', required: true, readOnly: true },
    recipientId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byTarget: {
      pk: { field: 'pk', composite: ['postId'], template: 'post#${postId}', casing: 'none' },
      sk: { field: 'sk', composite: ['reactionId'], template: 'notified#${reactionId}', casing: 'none' },
    },
  },
});

export type CommentItem = EntityItem<ReturnType<typeof Comment>>;
export type CommentClaimItem = EntityItem<ReturnType<typeof CommentClaim>>;
export type PostReactionItem = EntityItem<ReturnType<typeof PostReaction>>;
export type CommentReactionItem = EntityItem<ReturnType<typeof CommentReaction>>;

/**
 * Keys spelled out for what ElectroDB does not write or read itself (count `ADD`s, sweeps,
 * BatchGets across entities, thread cursors): the templates above, held to them by content-keys.test.ts.
 */
export const commentSk = (path: string): string => `comment#${path}`;
export const commentKey = (postId: string, path: string): { pk: string; sk: string } => ({ pk: postPk(postId), sk: commentSk(path) });
export const commentReactionKey = (postId: string, path: string, userId: string): { pk: string; sk: string } => ({
  pk: postPk(postId),
  sk: `${commentSk(path)}!r#${userId}`,
});
/** P7c: a member's comments and reactions on gsi1, as the `byAuthor`/`byUser` templates spell them (the backfill writes these). */
export const authoredPk = (userId: string): string => `authored#user#${userId}`;
export const authoredCommentSk = (createdAt: string, id: string): string => `comment#${createdAt}#${id}`;
export const authoredPostReactionSk = (createdAt: string, postId: string): string => `reaction#${createdAt}#post#${postId}`;
export const authoredCommentReactionSk = (createdAt: string, commentId: string): string => `reaction#${createdAt}#comment#${commentId}`;
export const commentClaimKey = (id: string): { pk: string; sk: string } => ({ pk: `comment#${id}`, sk: 'comment' });
export const postReactionKey = (postId: string, userId: string): { pk: string; sk: string } => ({ pk: postPk(postId), sk: `reaction#${userId}` });

const THREAD_SK = /^comment#[0-9a-z]{9}\.[0-9a-f-]{36}(\/[0-9a-z]{9}\.[0-9a-f-]{36})*(!r#[0-9a-f-]{36})?$/;

/** Whether a sort key is a comment's or a comment reaction's: where a page of a thread can end. */
export const isThreadSk = (sk: string): boolean => THREAD_SK.test(sk);

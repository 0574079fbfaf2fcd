/**
 * Posts, plants, comments and reactions made over HTTP as a member makes them, and photos
 * uploaded through a real presigned URL to the local bucket.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CommentView } from '../../shared/answers/comments';
import type { FeedCounts, PostDetail } from '../../shared/answers/feeds';
import type { PostView } from '../../shared/answers/posts';
import type { ReactionView } from '../../shared/answers/reactions';
import type { NotificationView } from '../../shared/schemas/notifications';
import { as, type Browser } from './accounts';
import { call } from './api';

/** A 1×1 JPEG: small, valid, enough for the bucket and the browser. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export interface Author {
  uuid: string;
  browser: Browser;
}

/** A photo's small rendition to upload beside it; `contentType` overrides the type the URL was signed for. */
export interface SmallRendition {
  body: Buffer;
  contentType?: string;
}

/** What POST /api/iam/images/upload-url answers: the photo's PUT, and its small rendition's when one was asked for. */
export interface PhotoUploadAnswer {
  url: string;
  key: string;
  headers: Record<string, string>;
  small: { url: string; key: string; headers: Record<string, string> } | null;
}

/** Uploads a photo (and its small rendition when given) through one upload URL request; answers the photo's key. */
export async function uploadPhoto(u: Author, body: Buffer = TINY_JPEG, contentType = 'image/jpeg', small?: SmallRendition): Promise<string> {
  return (await uploadPhotoWithUrls(u, body, contentType, small)).key;
}

/** As `uploadPhoto`, answering the upload URLs too (they keep working for their 5 minutes). */
export async function uploadPhotoWithUrls(u: Author, body: Buffer = TINY_JPEG, contentType = 'image/jpeg', small?: SmallRendition): Promise<PhotoUploadAnswer> {
  const res = await as<PhotoUploadAnswer>(u.browser, 'POST', '/api/iam/images/upload-url', {
    contentType, size: body.length, ...(small ? { smallSize: small.body.length } : {}),
  });
  expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
  const put = await fetch(res.data.url, { method: 'PUT', headers: res.data.headers, body: new Uint8Array(body) });
  expect(put.status).toBeLessThan(300);
  if (small) {
    expect(res.data.small).not.toBeNull();
    const headers = small.contentType ? { 'content-type': small.contentType } : res.data.small!.headers;
    const smallPut = await fetch(res.data.small!.url, { method: 'PUT', headers, body: new Uint8Array(small.body) });
    expect(smallPut.status).toBeLessThan(300);
  }
  return res.data;
}

export interface PostOptions {
  id?: string;
  text?: string;
  tags?: string[];
  privacy?: 'public' | 'members' | 'private';
  photos?: { key: string; description?: string; width?: number; height?: number }[];
}

export async function newPost(u: Author, o: PostOptions = {}): Promise<PostView> {
  const res = await as<{ post: PostView }>(u.browser, 'POST', '/api/iam/posts/new', {
    id: o.id ?? randomUUID(), text: o.text ?? `a post ${randomUUID().slice(0, 6)}`, tags: o.tags ?? [], photos: o.photos ?? [], privacy: o.privacy ?? 'public',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.data.post;
}

export interface PlantOptions extends Omit<PostOptions, 'photos'> {
  availability?: string;
  commonName?: string;
  photos?: number;
}

export async function newPlant(u: Author, o: PlantOptions = {}): Promise<PostView> {
  const keys = await Promise.all(Array.from({ length: o.photos ?? 1 }, () => uploadPhoto(u)));
  const res = await as<{ plant: PostView }>(u.browser, 'POST', '/api/iam/plant/new', {
    id: o.id ?? randomUUID(),
    text: o.text ?? '',
    plant: { commonName: o.commonName ?? 'Monstera', botanicalName: 'Monstera deliciosa', availability: o.availability ?? 'Available to swap' },
    plant_photos: keys.map((key, i) => ({ key, description: `photo ${i + 1}` })),
    privacy: o.privacy ?? 'public',
    tags: o.tags ?? [],
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.data.plant;
}

export async function comment(u: Author, postId: string, content: string, parent?: CommentView): Promise<CommentView> {
  const res = await as<{ comment: CommentView; commentCount: number }>(u.browser, 'POST', '/api/iam/posts/comment/new', {
    id: randomUUID(), post_id: postId, content, level: parent ? parent.level + 1 : 0, ...(parent ? { parent_id: parent.id } : {}),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.data.comment;
}

export async function reactTo(u: Author, target: { post_id: string } | { comment_id: string }): Promise<ReactionView> {
  const res = await as<{ reaction: ReactionView }>(u.browser, 'POST', '/api/iam/posts/reaction/new', target);
  expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
  return res.data.reaction;
}

export interface FeedAnswer {
  contentItems?: PostView[];
  posts?: PostView[];
  plants?: PostView[];
  counts: FeedCounts;
  cursorId: string | null;
}

export const ids = (items: { id: string }[] | undefined) => (items ?? []).map((p) => p.id);
export const uniqueTag = () => `t${randomUUID().replace(/-/g, '').slice(0, 12)}`;

/** A post with its thread, as `viewer` (null: a guest) sees it. */
export const postDetail = (viewer: Author | null, id: string) => (viewer ? as<PostDetail>(viewer.browser, 'GET', `/api/post/${id}`) : call<PostDetail>('GET', `/api/post/${id}`));
/** The member's notifications, newest first. */
export const notificationsOf = async (u: Author) => (await as<{ notifications: NotificationView[] }>(u.browser, 'GET', '/api/iam/notifications/all')).data.notifications;
/** The member's count of unseen notifications. */
export const notificationTally = async (u: Author) => (await as<{ tally: number }>(u.browser, 'GET', '/api/iam/notifications/unread-tally')).data.tally;

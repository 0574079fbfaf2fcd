/**
 * What a viewer may see of content: a post's privacy against who is asking, and the audience
 * whose lists (and counts) a viewer reads (the viewer itself: functions/lib/session/viewer.ts).
 */
import type { Viewer } from '../lib/session/viewer';
import type { OwnerRef } from '../db/entities/owner';
import type { PostItem } from '../db/entities/post';
import type { Audience } from './counters';

/** The audience whose lists a viewer reads: members when a member, else the public. */
export function audienceOf(viewer: Viewer): Exclude<Audience, 'owner'> {
  return viewer.member ? 'members' : 'public';
}

/** The audience a viewer reads an owner's lists as: their own view on their own profile. */
export function ownerAudience(owner: OwnerRef, viewer: Viewer): Audience {
  if (owner.type === 'user' && viewer.userId === owner.id) return 'owner';
  return viewer.member ? 'members' : 'public';
}

/** The viewer owns the post (a member's own), or wrote it; a page's post is no member's by its id. */
export function isOwner(post: Pick<PostItem, 'ownerType' | 'ownerId' | 'authorId'>, viewer: Viewer): boolean {
  return viewer.userId !== null && ((post.ownerType !== 'page' && post.ownerId === viewer.userId) || post.authorId === viewer.userId);
}

/** Whether the viewer may see the post at all; a deleted post is seen by nobody, a hidden one by admins only. */
export function canSee(post: PostItem, viewer: Viewer): boolean {
  if (post.deletedAt) return false;
  if (post.hiddenAt && !viewer.admin) return false;
  if (post.privacy === 'public') return true;
  if (post.privacy === 'members') return viewer.member || isOwner(post, viewer) || viewer.admin;
  return isOwner(post, viewer) || viewer.admin;
}

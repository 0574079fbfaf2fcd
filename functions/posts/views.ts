/**
 * Who may see a post, and posts as the routes answer them. A list page is hydrated with one
 * BatchGet: the owners' current cards (so a new avatar or name shows everywhere at once) and the
 * viewer's own reactions (so each card knows whether to show "undo").
 */
import type { OwnerCard, PostView } from '../../shared/answers/content';
import type { Session } from '../lib/session/token';
import type { PostItem } from '../db/entities/post';
import type { UserItem } from '../db/entities/user';
import { usersAnd } from '../users/cards';
import type { Audience } from './counters';

export { responderOf, usersAnd } from '../users/cards';

export interface Viewer {
  userId: string | null;
  admin: boolean;
  /** A member reads members-only posts: signed in, registration complete, not suspended. */
  member: boolean;
  suspended: boolean;
}

export function viewerOf(session: Session | null): Viewer {
  return {
    userId: session?.userId ?? null,
    admin: session?.role === 'admin',
    member: !!session && session.registered && !session.suspended,
    suspended: session?.suspended ?? false,
  };
}

/** The audience whose lists a viewer reads: members when a member, else the public. */
export function audienceOf(viewer: Viewer): Exclude<Audience, 'owner'> {
  return viewer.member ? 'members' : 'public';
}

export function isOwner(post: Pick<PostItem, 'ownerId' | 'authorId'>, viewer: Viewer): boolean {
  return viewer.userId !== null && (post.ownerId === viewer.userId || post.authorId === viewer.userId);
}

/** Whether the viewer may see the post at all; a deleted post is seen by nobody. */
export function canSee(post: PostItem, viewer: Viewer): boolean {
  if (post.deletedAt) return false;
  if (post.privacy === 'public') return true;
  if (post.privacy === 'members') return viewer.member || isOwner(post, viewer) || viewer.admin;
  return isOwner(post, viewer) || viewer.admin;
}

export function reactionIdOf(target: 'p' | 'c', targetId: string, userId: string): string {
  return `${target}.${targetId}.${userId}`;
}

const DELETED_OWNER = (id: string): OwnerCard => ({ type: 'user', id, handle: null, name: 'Former member', avatar: null });

export function ownerCard(user: UserItem | undefined, id: string): OwnerCard {
  if (!user || user.deletedAt || !user.username) return DELETED_OWNER(id);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  return { type: 'user', id, handle: user.username, name, avatar: user.avatar ?? null };
}

export function toPostView(item: PostItem, owner: OwnerCard, myReactionId: string | null): PostView {
  return {
    id: item.id,
    kind: item.kind,
    type: item.kind === 'plant' ? 'plant/image' : 'text/image',
    privacy: item.privacy,
    text: item.text ?? '',
    tags: item.tags ?? [],
    photos: (item.photos ?? []).map((p) => ({ key: p.key, description: p.description ?? null })),
    plant: item.kind === 'plant' ? (item.plant as PostView['plant']) ?? null : null,
    available: item.kind === 'plant' && item.available,
    owner,
    authorId: item.authorId,
    reactionCount: Math.max(0, item.reactionCount ?? 0),
    commentCount: Math.max(0, item.commentCount ?? 0),
    myReactionId,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** Cards read in the same BatchGet as the posts themselves (a tag page), so `hydrate` need not ask again. */
const prefetched = new WeakMap<PostItem, { owner: OwnerCard; myReactionId: string | null }>();

/** The BatchGet keys of posts' owners and of the viewer's reactions to them. */
export function cardKeys(posts: { id: string; ownerId: string }[], viewer: Viewer): { users: string[]; extra: { pk: string; sk: string }[] } {
  return {
    users: posts.map((p) => p.ownerId),
    extra: viewer.userId ? posts.map((p) => ({ pk: `post#${p.id}`, sk: `reaction#${viewer.userId}` })) : [],
  };
}

function cardsOf(p: PostItem, users: Map<string, UserItem>, raw: Set<string>, viewer: Viewer): { owner: OwnerCard; myReactionId: string | null } {
  return {
    owner: ownerCard(users.get(p.ownerId), p.ownerId),
    myReactionId: viewer.userId && raw.has(`post#${p.id}|reaction#${viewer.userId}`) ? reactionIdOf('p', p.id, viewer.userId) : null,
  };
}

/** Remembers the cards of posts read together with them (see `prefetched`). */
export function rememberCards(posts: PostItem[], users: Map<string, UserItem>, raw: Set<string>, viewer: Viewer): void {
  for (const p of posts) prefetched.set(p, cardsOf(p, users, raw, viewer));
}

/** Posts as a page of a list shows them: owners' cards and the viewer's reactions in one BatchGet. */
export async function hydrate(items: PostItem[], viewer: Viewer): Promise<PostView[]> {
  const missing = items.filter((p) => !prefetched.has(p));
  if (missing.length) {
    const keys = cardKeys(missing.filter((p) => p.ownerType === 'user'), viewer);
    const { users, raw } = await usersAnd(keys.users, keys.extra);
    rememberCards(missing, users, raw, viewer);
  }
  return items.map((p) => {
    const { owner, myReactionId } = prefetched.get(p)!;
    return toPostView(p, owner, myReactionId);
  });
}

/** One post as the routes that write it answer it. */
export async function hydrateOne(item: PostItem, viewer: Viewer): Promise<PostView> {
  const [view] = await hydrate([item], viewer);
  return view!;
}

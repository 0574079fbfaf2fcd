/**
 * Posts as the routes answer them. A page of a list is hydrated with one BatchGet: the owners'
 * current cards (so a new avatar or name shows everywhere at once) and the viewer's own reactions
 * (so each card knows whether to show "undo"). A list source that read them already (a tag's page
 * reads posts, owners and reactions in one BatchGet) hands its cards over with its items.
 */
import type { OwnerCard, PostView } from '../../shared/answers/posts';
import { smallPhotoKey } from '../../shared/content-rules';
import type { TableKey } from '../db/batch';
import { postReactionKey } from '../db/entities/comment';
import { pageKey, type PageItem } from '../db/entities/page';
import type { PostItem } from '../db/entities/post';
import type { UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { reactionIdOf } from './reaction-id';
import { usersAnd } from '../users/cards';
import type { Viewer } from '../lib/session/viewer';

const DELETED_OWNER = (id: string): OwnerCard => ({ type: 'user', id, handle: null, name: 'Former member', avatar: null });

export function ownerCard(user: UserItem | undefined, id: string): OwnerCard {
  if (!user || user.deletedAt || !user.username) return DELETED_OWNER(id);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  return { type: 'user', id, handle: user.username, name, avatar: user.avatar ?? null };
}

/** Where a plant is, roughly: its owner's suburb or city, as their profile or page shows it. */
export function areaOf(owner: { suburbCity?: string | undefined; deletedAt?: string | undefined } | undefined): string | undefined {
  return owner && !owner.deletedAt && owner.suburbCity ? owner.suburbCity : undefined;
}

export function toPostView(item: PostItem, owner: OwnerCard, myReactionId: string | null, area?: string): PostView {
  return {
    id: item.id,
    kind: item.kind,
    type: item.kind === 'plant' ? 'plant/image' : 'text/image',
    privacy: item.privacy,
    text: item.text ?? '',
    tags: item.tags ?? [],
    photos: (item.photos ?? []).map((p) => ({
      key: p.key,
      small: p.small ? smallPhotoKey(p.key) : null,
      width: p.width ?? null,
      height: p.height ?? null,
      description: p.description ?? null,
    })),
    plant: item.kind === 'plant' ? (item.plant as PostView['plant']) ?? null : null,
    available: item.kind === 'plant' && item.available,
    owner,
    ...(item.kind === 'plant' && area ? { area } : {}),
    authorId: item.authorId,
    reactionCount: Math.max(0, item.reactionCount ?? 0),
    commentCount: Math.max(0, item.commentCount ?? 0),
    myReactionId,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** What a post shows beside itself: its owner's current card and the viewer's own reaction. */
export interface PostCard {
  owner: OwnerCard;
  myReactionId: string | null;
  /** The owner's suburb or city (plant posts show it). */
  area?: string | undefined;
}

/** Cards by post id. */
export type PostCards = Map<string, PostCard>;

/** A post as its card is looked up: a page's posts name their page, the rest a user. */
export interface CardOwner {
  id: string;
  ownerId: string;
  ownerType?: 'user' | 'page';
}

/** The BatchGet keys of posts' owners (users, and pages for page posts) and of the viewer's reactions to them. */
export function cardKeys(posts: CardOwner[], viewer: Viewer): { users: string[]; extra: TableKey[] } {
  const userId = viewer.userId;
  const pages = [...new Set(posts.filter((p) => p.ownerType === 'page').map((p) => p.ownerId))];
  return {
    users: posts.filter((p) => p.ownerType !== 'page').map((p) => p.ownerId),
    extra: [...pages.map(pageKey), ...(userId ? posts.map((p) => postReactionKey(p.id, userId)) : [])],
  };
}

const DELETED_PAGE = (id: string): OwnerCard => ({ type: 'page', id, handle: null, name: 'Deleted page', avatar: null });

function pageOwnerCard(page: PageItem | undefined, id: string): OwnerCard {
  if (!page || page.deletedAt) return DELETED_PAGE(id);
  return { type: 'page', id, handle: page.handle, name: page.name, avatar: page.avatar ?? null };
}

/** The cards of posts whose owners (`users`, pages among `others`) and the viewer's reactions (among `others`) came in one BatchGet. */
export function cardsOf(posts: CardOwner[], users: Map<string, UserItem>, others: Record<string, unknown>[], viewer: Viewer): PostCards {
  const userId = viewer.userId;
  const pages = new Map<string, PageItem>();
  for (const item of others) {
    if (item.__edb_e__ !== 'page') continue;
    const { data } = db().entities.page.parse({ Item: item });
    if (data) pages.set(data.id, data as PageItem);
  }
  const reacted = new Set(
    userId ? db().entities.postReaction.parse({ Items: others.filter((i) => i.__edb_e__ === 'postReaction') }, { ignoreOwnership: false }).data.filter((r) => r.userId === userId).map((r) => r.postId) : [],
  );
  return new Map(
    posts.map((p) => [
      p.id,
      {
        owner: p.ownerType === 'page' ? pageOwnerCard(pages.get(p.ownerId), p.ownerId) : ownerCard(users.get(p.ownerId), p.ownerId),
        myReactionId: userId && reacted.has(p.id) ? reactionIdOf('p', p.id, userId) : null,
        area: areaOf(p.ownerType === 'page' ? pages.get(p.ownerId) : users.get(p.ownerId)),
      },
    ]),
  );
}

/** Posts as a page of a list shows them; the cards not in `known` are read in one BatchGet. */
export async function hydrate(items: PostItem[], viewer: Viewer, known: PostCards = new Map()): Promise<PostView[]> {
  const missing = items.filter((p) => !known.has(p.id));
  let cards = known;
  if (missing.length) {
    const keys = cardKeys(missing, viewer);
    const { users, others } = await usersAnd(keys.users, keys.extra);
    cards = new Map([...known, ...cardsOf(missing, users, others, viewer)]);
  }
  return items.map((p) => {
    const { owner, myReactionId, area } = cards.get(p.id)!;
    return toPostView(p, owner, myReactionId, area);
  });
}

/** One post as the routes that write it answer it. */
export async function hydrateOne(item: PostItem, viewer: Viewer): Promise<PostView> {
  const [view] = await hydrate([item], viewer);
  return view!;
}
